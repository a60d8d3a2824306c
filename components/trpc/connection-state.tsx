'use client';

import { createContext, useContext } from 'react';

export type ConnectionState = 'connecting' | 'live' | 'reconnecting';

const ConnectionContext = createContext<ConnectionState>('connecting');

export const ConnectionProvider = ConnectionContext.Provider;

export function useConnectionState(): ConnectionState {
  return useContext(ConnectionContext);
}
