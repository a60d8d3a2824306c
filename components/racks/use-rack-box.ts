'use client';

import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { RackHostView } from '@/server/api/racks/rack-view';
import { RackStore } from './rack-store';

/** The page's rack store; a page without one (a test of one box) sees an empty store. */
export const RackStoreContext = createContext<RackStore>(new RackStore());

/** One host's box from the page's store: the component re-renders when that box changes, and only then. */
export function useRackBox(key: string | undefined): RackHostView | undefined {
  const store = useContext(RackStoreContext);
  const subscribe = useCallback(
    (listener: () => void) => (key === undefined ? () => undefined : store.subscribeBox(key, listener)),
    [store, key],
  );
  return useSyncExternalStore(
    subscribe,
    () => (key === undefined ? undefined : store.getBox(key)),
    () => undefined,
  );
}
