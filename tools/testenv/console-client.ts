import { TEST_ADMIN_PASSWORD } from './server-process';

/** A signed-in HTTP client of a running console, speaking as a browser on the console's own origin would. */
export interface ConsoleClient {
  url: string;
  /** The Cookie header value carrying the session. */
  cookie: string;
  query<T = unknown>(path: string, input?: unknown): Promise<TrpcResult<T>>;
  mutate<T = unknown>(path: string, input?: unknown): Promise<TrpcResult<T>>;
}

export interface TrpcResult<T> {
  status: number;
  data?: T;
  error?: { message: string; code: string };
}

export async function signIn(url: string, username: string, password: string): Promise<ConsoleClient> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok)
    throw new Error(`sign-in as ${username} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('sign-in set no cookie');
  return consoleClient(url, cookie);
}

export function signInAsAdmin(url: string): Promise<ConsoleClient> {
  return signIn(url, 'admin', TEST_ADMIN_PASSWORD);
}

async function trpcResult<T>(response: Response): Promise<TrpcResult<T>> {
  const body = (await response.json()) as {
    result?: { data?: T };
    error?: { message: string; data?: { code: string } };
  };
  return {
    status: response.status,
    data: body.result?.data,
    error: body.error ? { message: body.error.message, code: body.error.data?.code ?? '' } : undefined,
  };
}

/**
 * tRPC over plain HTTP (no batching, no transformer), with or without a session cookie. The origin is
 * the console's public URL, which differs from `url` when browsers reach it through a proxy.
 */
export function consoleClient(url: string, cookie: string, origin = url): ConsoleClient {
  const headers = { origin, ...(cookie ? { cookie } : {}) };
  return {
    url,
    cookie,
    async query<T>(path: string, input?: unknown) {
      const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      return trpcResult<T>(await fetch(`${url}/api/trpc/${path}${query}`, { headers }));
    },
    async mutate<T>(path: string, input?: unknown) {
      return trpcResult<T>(
        await fetch(`${url}/api/trpc/${path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(input ?? null),
        }),
      );
    },
  };
}

/** Creates a user through the admin API and signs in as them. */
export async function signInAsNew(
  admin: ConsoleClient,
  username: string,
  role: 'viewer' | 'operator' | 'admin',
): Promise<ConsoleClient> {
  const created = await admin.mutate<{ password: string }>('access.createUser', { username, role });
  if (!created.data)
    throw new Error(`creating ${username} failed: ${created.error?.message ?? created.status}`);
  return signIn(admin.url, username, created.data.password);
}
