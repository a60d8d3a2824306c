'use client';

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  isTRPCClientError,
  splitLink,
  wsLink,
  type TRPCClient,
} from '@trpc/client';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '@/server/api/root-router';
import { MAX_BATCH_CALLS } from '@/server/schemas/batch-limit';
import { TRPCProvider } from './trpc';
import { currentConnectionState, setConnectionState } from './connection-state';

function wsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}

/**
 * The browser's one tRPC client and its one WebSocket, created on first use and kept for the life of
 * the tab. A module-level singleton, because React may run state initialisers more than once (strict
 * mode, concurrent rendering), and each run would otherwise open another socket.
 */
const browser = {
  client: undefined as TRPCClient<AppRouter> | undefined,
};

/** Close code the server uses when the session or screen behind the socket was revoked or expired. */
const CLOSE_REVOKED = 4401;

/** Asks the server whether this tab is still signed in, after the socket closed for a reason that may say no. */
async function checkSignedIn(): Promise<void> {
  try {
    const response = await fetch('/api/auth/session', { cache: 'no-store' });
    if (response.status === 401) setConnectionState('signed-out');
  } catch {
    // The server is away; the socket's own reconnects tell when it is back.
  }
}

/** A 401 from any call means the session ended: stop pretending the page is live. */
function noticeSignedOut(error: unknown): void {
  if (!isTRPCClientError<AppRouter>(error)) return;
  if (error.data?.httpStatus === 401) setConnectionState('signed-out');
}

function browserClient(): TRPCClient<AppRouter> {
  if (!browser.client) {
    let failedOpens = 0;
    const wsClient = createWSClient({
      url: wsUrl,
      // The sign-in page has no live view and no session yet: a socket opened there would only be refused
      // (a 401 in the browser console). Lazy, it opens on the first subscription, which never comes there.
      lazy: { enabled: window.location.pathname === '/login', closeMs: 0 },
      onOpen: () => {
        failedOpens = 0;
        setConnectionState('live');
      },
      onClose: (cause) => {
        if (currentConnectionState() === 'signed-out') return;
        failedOpens += 1;
        setConnectionState('reconnecting');
        // A refused upgrade (expired cookie) closes without a code; a revocation closes with ours.
        if (cause?.code === CLOSE_REVOKED || failedOpens >= 2) void checkSignedIn();
      },
    });
    browser.client = createTRPCClient<AppRouter>({
      links: [
        splitLink({
          condition: (op) => op.type === 'subscription',
          true: wsLink({ client: wsClient }),
          false: httpBatchLink({ url: '/api/trpc', maxItems: MAX_BATCH_CALLS }),
        }),
      ],
    });
  }
  return browser.client;
}

/** One WebSocket per tab carries every subscription; queries and mutations go over HTTP. */
export function TrpcProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 5_000, refetchOnWindowFocus: false } },
        queryCache: new QueryCache({ onError: noticeSignedOut }),
        mutationCache: new MutationCache({ onError: noticeSignedOut }),
      }),
  );
  // Server rendering never fetches; only the browser opens the WebSocket.
  const [trpcClient] = useState(() =>
    typeof window === 'undefined'
      ? createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/api/trpc' })] })
      : browserClient(),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
