'use client';

import { createContext, useContext } from 'react';

/** `signed-out`: the session ended (revoked, expired); the socket will not come back until sign-in. */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'signed-out';

const ConnectionContext = createContext<ConnectionState>('connecting');

export const ConnectionProvider = ConnectionContext.Provider;

export function useConnectionState(): ConnectionState {
  return useContext(ConnectionContext);
}
