'use client';

import { useSyncExternalStore } from 'react';

/** `signed-out`: the session ended (revoked, expired); the socket will not come back until sign-in. */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'signed-out';

/** The tab's one socket has one state, so it lives beside the socket, at module level. */
const store = {
  state: 'connecting' as ConnectionState,
  listeners: new Set<() => void>(),
};

export function setConnectionState(state: ConnectionState): void {
  store.state = state;
  for (const listener of store.listeners) listener();
}

export function currentConnectionState(): ConnectionState {
  return store.state;
}

function subscribe(listener: () => void): () => void {
  store.listeners.add(listener);
  return () => store.listeners.delete(listener);
}

/**
 * Every reader subscribes to the store itself rather than through a context: while a component
 * hydrates, useSyncExternalStore hands it the server's value, so a socket that opens before a Suspense
 * boundary has hydrated cannot make that boundary's HTML mismatch (React error 418).
 */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribe, currentConnectionState, () => 'connecting');
}
