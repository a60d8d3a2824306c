'use client';

import { startTransition, useCallback, useReducer } from 'react';
import type { LiveMessage } from '@/server/types/live-message';
import {
  initialTableState,
  stableTableReducer,
  type Keyed,
  type StableTableAction,
  type StableTableState,
} from './stable-rows';

/** Reducer state for a live table plus the onData handler to give its subscription. */
export function useStableTable<P extends { rows: R[] }, R extends Keyed>() {
  const [state, dispatch] = useReducer(
    (current: StableTableState<P, R>, action: StableTableAction<P>) =>
      stableTableReducer<P, R>(current, action),
    undefined,
    () => initialTableState<P, R>(),
  );
  const receive = useCallback((message: LiveMessage<P>, queryKey: string) => {
    const { view } = message;
    // A snapshot re-renders every row in view: as a transition React renders it in slices and lets
    // the viewer's input in between, instead of holding the tab for one long task.
    if (view) {
      const at = Date.now();
      startTransition(() => {
        dispatch({ type: 'snapshot', page: view, queryKey, at });
      });
    } else dispatch({ type: 'same', at: Date.now() });
  }, []);
  const setPointerInside = useCallback((inside: boolean) => {
    dispatch({ type: 'pointer', inside });
  }, []);
  const setMenuOpen = useCallback((open: boolean) => {
    dispatch({ type: 'menu', open });
  }, []);
  return { state, receive, setPointerInside, setMenuOpen };
}

/** For single-object live views: the last view and when the server last confirmed it. */
export function useLiveObject<T>() {
  const [state, dispatch] = useReducer(
    (current: { view?: T; receivedAt?: number }, message: { message: LiveMessage<T>; at: number }) =>
      message.message.view !== undefined
        ? { view: message.message.view, receivedAt: message.at }
        : { ...current, receivedAt: message.at },
    {},
  );
  const receive = useCallback((message: LiveMessage<T>) => {
    dispatch({ message, at: Date.now() });
  }, []);
  return { ...state, receive };
}
