'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while this component hydrates, true in every render after. For what the
 * server could not know: the browser may learn it (a query answered for the header) before a page's
 * boundary hydrates, and HTML rendered without it must meet the same markup first (React error 418).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
