'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useEffectEvent } from 'react';
import type { EventView } from '@/server/api/object-events';
import type { ObjectProcedures, ObjectRef } from '../trpc/procedure-types';
import { useLiveObject } from './use-stable-table';

/** One object's live detail state, as ObjectDetailFrame shows it. */
export interface ObjectDetail<T> {
  ref: ObjectRef;
  /** The object, once a message found it. */
  item: T | undefined;
  /** Whether the first message has arrived. */
  received: boolean;
  /** When the server last confirmed the view. */
  receivedAt: number | undefined;
  subscription: { status: string; error: { message: string } | null };
  events: { isError: boolean; error: { message: string } | null; data: EventView[] | undefined };
  /** Calls the kind's delete mutation. */
  remove: () => Promise<unknown>;
}

/**
 * Subscribes to one object through its kind's procedures (`trpc.placement`…), reads its events
 * once it exists, and refreshes them when the subscription (re)starts and whenever `version` of the
 * object changes or it disappears; `refresh` invalidates whatever else the page reads on demand.
 */
export function useObjectDetail<M, D, T>(
  procedures: ObjectProcedures<M, D>,
  ref: ObjectRef,
  {
    pick,
    version,
    refresh,
  }: {
    /** The object in a message (`message.found ? message.placement : undefined`). */
    pick: (message: M) => T | undefined;
    /** Changes when what the page reads on demand may have changed (e.g. the resourceVersion). */
    version: (item: T) => string;
    /** Invalidates the page's own on-demand queries besides the events. */
    refresh?: () => void;
  },
): ObjectDetail<T> & {
  /** The last message, for what it carries beside the object. */
  message: M | undefined;
} {
  const queryClient = useQueryClient();
  const live = useLiveObject<M>();
  const message = live.view;
  const item = message === undefined ? undefined : pick(message);
  const invalidate = () => {
    void queryClient.invalidateQueries({ queryKey: procedures.events.queryKey(ref) });
    refresh?.();
  };
  const onChange = useEffectEvent(invalidate);
  const subscription = useSubscription(
    procedures.detail.subscriptionOptions(ref, { onStarted: invalidate, onData: live.receive }),
  );
  const current = item !== undefined ? version(item) : message !== undefined ? 'gone' : undefined;
  useEffect(() => {
    if (current !== undefined) onChange();
  }, [current]);
  const events = useQuery(procedures.events.queryOptions(ref, { enabled: item !== undefined }));
  const remove = useMutation(procedures.delete.mutationOptions());
  return {
    ref,
    item,
    message,
    received: message !== undefined,
    receivedAt: live.receivedAt,
    subscription,
    events,
    remove: () => remove.mutateAsync(ref),
  };
}
