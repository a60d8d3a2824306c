'use client';

import { useEffect, useRef } from 'react';
import type { LiveMessage } from '@/server/types/live-message';
import type { Keyed } from './stable-rows';
import { useStableTable } from './use-stable-table';
import { useTableParams } from './use-table-params';
import type { TableParamSpec, TableParams } from './url-state';

/** What every paged list view carries besides its rows. */
export interface ListPage<R> {
  rows: R[];
  page: number;
  pageCount: number;
  total: number;
  totalAll: number;
}

/**
 * A live list page's state: table params from the URL, the subscription input they make, and the
 * held-order table the subscription feeds. The page subscribes itself (the procedure differs per
 * page) with `input` and `onData`; snapshots are tagged with the query they answer so the table can
 * tell a new query (shown at once) from a refresh of the same one (order held).
 */
export function useLiveList<S extends string, I, P extends ListPage<R>, R extends Keyed>(
  spec: TableParamSpec<S>,
  toInput: (params: TableParams<S>) => I,
) {
  const { params, update } = useTableParams(spec);
  const input = toInput(params);
  const queryKey = JSON.stringify(input);
  const table = useStableTable<P, R>();
  // The query of the subscription that is open, not of the last render: the subscription hook hands
  // every message to the newest onData, and until its effect swaps the subscriptions after a render
  // with new params, the old query's snapshots still arrive. Tagged with the new query, one was shown
  // as the new query's answer and the real answer then held back as "new" under the pointer. This
  // effect runs in the same commit as that swap (the page subscribes after calling this hook).
  const subscribedKey = useRef(queryKey);
  useEffect(() => {
    subscribedKey.current = queryKey;
  }, [queryKey]);
  const onData = (message: LiveMessage<P>) => {
    table.receive(message, subscribedKey.current);
  };
  return { params, update, input, onData, table, view: table.state.view };
}

export type LiveList<S extends string, P extends ListPage<R>, R extends Keyed> = ReturnType<
  typeof useLiveList<S, unknown, P, R>
>;
