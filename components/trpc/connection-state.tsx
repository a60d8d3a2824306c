'use client';

import { useSyncExternalStore } from 'react';

/** `signed-out`: the session ended (revoked, expired); the socket will not come back until sign-in. */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'signed-out';

/** The tab's one socket has one state, so it lives beside the socket, at module level. */
const store = {
  state: 'connecting' as ConnectionState,
  held: false,
  listeners: new Set<() => void>(),
};

export function setConnectionState(state: ConnectionState): void {
  if (store.held) return;
  store.state = state;
  for (const listener of store.listeners) listener();
}

/**
 * Keeps the state as it is for the rest of the page's life: a tab signing out on purpose navigates
 * itself once the server has answered (with the provider's sign-out to offer), and the socket's close
 * or a 401 it hears meanwhile must not send it to the sign-in page first, losing that answer.
 */
export function holdConnectionState(): void {
  store.held = true;
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
