import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, render, screen, type RenderResult } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import {
  AppRouterContext,
  type AppRouterInstance,
} from 'next/dist/shared/lib/app-router-context.shared-runtime';
import {
  PathnameContext,
  SearchParamsContext,
} from 'next/dist/shared/lib/hooks-client-context.shared-runtime';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { afterEach, expect, vi } from 'vitest';
import { setConnectionState } from '@/components/trpc/connection-state';
import { TRPCProvider } from '@/components/trpc/trpc';
import type { Role } from '@/server/schemas/roles';
import { ConsoleTestApi } from './console-test-api';

/**
 * Component tests of the console (`*.test.tsx` with `// @vitest-environment happy-dom` on their first
 * line): the component under test rendered with what the app gives it in the browser, a real
 * QueryClient and tRPC client whose calls a ConsoleTestApi answers, and Next's router contexts
 * following the page's URL. Importing this file unmounts every render after each test and fails the
 * test if a call went unanswered.
 */

let mounted: ConsoleTestApi[] = [];

// The machine is shared and busy (a full unit run with coverage beside benchmarks): waits are bounded
// generously, so how long a render takes is never what a test measures.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });

// happy-dom lays nothing out: every element is 0×0, and a virtualized table (which sizes itself by its
// scroller's client box) would show no row. Here every element's client box is the window's, so a
// table shows the rows that fit the window plus its overscan, as in a browser window of that size.
vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => window.innerWidth);
vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => window.innerHeight);

afterEach(() => {
  cleanup();
  const unanswered = mounted.flatMap((api) => api.unanswered);
  mounted = [];
  setConnectionState('connecting');
  expect(unanswered, 'calls the test gave no answer for').toEqual([]);
});

/** The router a page pushes to: the URLs it was sent to, in order. */
export interface TestRouter extends AppRouterInstance {
  pushed: string[];
}

function testRouter(): TestRouter {
  const pushed: string[] = [];
  const go = (href: string) => {
    pushed.push(href);
    window.history.pushState(null, '', href);
  };
  return {
    pushed,
    push: go,
    replace: go,
    back: () => undefined,
    forward: () => undefined,
    refresh: () => undefined,
    prefetch: () => undefined,
    bfcacheId: 'test',
  };
}

/**
 * Next's navigation contexts over the window's URL. Next's app router follows history.pushState and
 * replaceState made outside it (the console's URL state writes the search that way); so does this.
 */
function TestNavigation({ router, children }: { router: TestRouter; children: ReactNode }) {
  const [href, setHref] = useState(() => window.location.href);
  useEffect(() => {
    const history = window.history;
    const push = history.pushState.bind(history);
    const replace = history.replaceState.bind(history);
    history.pushState = (...args) => {
      push(...args);
      setHref(window.location.href);
    };
    history.replaceState = (...args) => {
      replace(...args);
      setHref(window.location.href);
    };
    return () => {
      history.pushState = push;
      history.replaceState = replace;
    };
  }, []);
  const url = useMemo(() => new URL(href), [href]);
  const searchParams = useMemo(() => new URLSearchParams(url.search), [url]);
  return (
    <AppRouterContext value={router}>
      <PathnameContext value={url.pathname}>
        <SearchParamsContext value={searchParams}>{children}</SearchParamsContext>
      </PathnameContext>
    </AppRouterContext>
  );
}

export interface ConsoleRender extends RenderResult {
  api: ConsoleTestApi;
  router: TestRouter;
  user: UserEvent;
}

/**
 * Renders `ui` as the console would at `url`, for a user with `role`, on a live socket. `api` answers
 * the component's calls. Who the user is is known from the first render, as once the header has
 * asked: the tests are of what a role sees, not of the moment before the answer.
 */
export function renderConsole(
  ui: ReactNode,
  {
    url = '/',
    role = 'operator',
    api = new ConsoleTestApi(),
  }: { url?: string; role?: Role; api?: ConsoleTestApi } = {},
): ConsoleRender {
  window.history.replaceState(null, '', url);
  const me = { kind: 'user', username: `a-${role}`, role } as const;
  if (!api.knows('access.me')) api.answer('access.me', () => me);
  mounted.push(api);
  setConnectionState('live');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = api.client();
  queryClient.setQueryData(createTRPCOptionsProxy({ client, queryClient }).access.me.queryKey(), me);
  const router = testRouter();
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        <TestNavigation router={router}>{ui}</TestNavigation>
      </TRPCProvider>
    </QueryClientProvider>,
  );
  return { ...result, api, router, user };
}

/**
 * Escape in an open modal <dialog>. A browser answers it with a cancelable `cancel` event on the
 * dialog and closes the dialog unless that is prevented; happy-dom has no such step, so this takes it.
 */
export async function escapeDialog(user: UserEvent, dialog: HTMLElement): Promise<void> {
  await user.keyboard('{Escape}');
  if (!(dialog instanceof HTMLDialogElement) || !dialog.isConnected || !dialog.open) return;
  await act(async () => {
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
    await Promise.resolve();
  });
}

/** The rows of the live table on screen, top to bottom, by key (`lab/h1`); ` (gone)` marks a row kept in place. */
export function shownRows(): string[] {
  return screen
    .queryAllByTestId('row')
    .map((row) => `${row.dataset.key ?? '?'}${row.dataset.gone ? ' (gone)' : ''}`);
}

/** The row of the live table whose key is `key`. */
export function tableRow(key: string): HTMLElement {
  const row = screen.queryAllByTestId('row').find((element) => element.dataset.key === key);
  if (!row) throw new Error(`no row ${key}; rows: ${shownRows().join(', ')}`);
  return row;
}
