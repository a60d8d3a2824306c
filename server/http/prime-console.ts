import { urlHost } from '../lib/url-host';

/** Where this process can reach its own listener: an any-address bind is reached on loopback. */
export function ownOrigin(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '') return `http://127.0.0.1:${port}`;
  if (host === '::') return `http://[::1]:${port}`;
  return `http://${urlHost(host)}:${port}`;
}

/**
 * Renders the sign-in page once, as the console starts serving. Next loads and compiles its renderer
 * and the root layout on the first page it renders, which otherwise the first viewer after a start
 * waits for (0.6–1 s of a 10,000-host list's first open in bench:console, against 40–130 ms later).
 * The page is read and dropped.
 */
export async function primeConsole(origin: string, timeoutMs: number): Promise<void> {
  const response = await fetch(`${origin}/login`, { signal: AbortSignal.timeout(timeoutMs) });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET /login answered ${response.status}`);
}
