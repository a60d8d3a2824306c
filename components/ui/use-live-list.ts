'use client';

import type { LiveMessage } from '@/server/api/live-view';
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
  const onData = (message: LiveMessage<P>) => {
    table.receive(message, queryKey);
  };
  return { params, update, input, onData, table, view: table.state.view };
}

export type LiveList<S extends string, P extends ListPage<R>, R extends Keyed> = ReturnType<
  typeof useLiveList<S, unknown, P, R>
>;
