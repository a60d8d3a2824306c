'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '@/server/api/root-router';
import { TRPCProvider } from './trpc';
import { ConnectionProvider, type ConnectionState } from './connection-state';

function wsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}

/** One WebSocket per tab carries every subscription; queries and mutations go over HTTP. */
export function TrpcProvider({ children }: { children: ReactNode }) {
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, refetchOnWindowFocus: false } } }),
  );
  const [trpcClient] = useState(() => {
    // Server rendering never fetches; only the browser opens the WebSocket.
    if (typeof window === 'undefined') {
      return createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/api/trpc' })] });
    }
    const wsClient = createWSClient({
      url: wsUrl,
      onOpen: () => {
        setConnection('live');
      },
      onClose: () => {
        setConnection('reconnecting');
      },
    });
    return createTRPCClient<AppRouter>({
      links: [
        splitLink({
          condition: (op) => op.type === 'subscription',
          true: wsLink({ client: wsClient }),
          false: httpBatchLink({ url: '/api/trpc' }),
        }),
      ],
    });
  });
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <ConnectionProvider value={connection}>{children}</ConnectionProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
