import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { consoleClient, type ConsoleClient } from '../testenv/console-client';
import type { ProbeTarget } from './edge-probe';

/** What the console said to one sign-in attempt. */
export interface SigninAnswer {
  status: number;
  error: string;
  retryAfterSeconds: number | undefined;
  /** The session cookie (name=value) a successful sign-in set. */
  cookie: string | undefined;
}

/** A username no real account has, and a password no real account uses. */
export function throwAwayName(prefix: string): string {
  return `${prefix}-${randomBytes(6).toString('hex')}`;
}

export function wrongPassword(): string {
  return `wrong-${randomBytes(12).toString('hex')}`;
}

function postSignIn(url: string, username: string, password: string, signal: AbortSignal) {
  return fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, password }),
    signal,
  });
}

async function answerOf(response: Response): Promise<SigninAnswer> {
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  const retryAfter = response.headers.get('retry-after');
  return {
    status: response.status,
    error: body.error ?? '',
    retryAfterSeconds: retryAfter === null ? undefined : Number(retryAfter),
    cookie: response.headers.getSetCookie()[0]?.split(';')[0],
  };
}

export async function attemptSignIn(
  url: string,
  username: string,
  password: string,
  signal: AbortSignal,
): Promise<SigninAnswer> {
  return answerOf(await postSignIn(url, username, password, signal));
}

/** The limit on the caller's own address, which earlier probes may have used up; it says nothing about accounts. */
export function isAddressLimit(answer: SigninAnswer): boolean {
  return answer.status === 429 && answer.error.includes('from this address');
}

/** An attempt that waits out the caller's own address limit first (Retry-After), so it reaches the account check. */
export async function attemptSignInPatiently(
  url: string,
  username: string,
  password: string,
  signal: AbortSignal,
): Promise<SigninAnswer> {
  for (;;) {
    const answer = await attemptSignIn(url, username, password, signal);
    if (!isAddressLimit(answer)) return answer;
    await sleep((answer.retryAfterSeconds ?? 6) * 1000, undefined, { signal });
  }
}

/**
 * Signs in with the probe's account, waiting out the address limit that earlier probes' wrong passwords
 * may have used up; resolves with the successful response (its cookie and headers) or throws.
 */
export async function signInForProbe(target: ProbeTarget, signal: AbortSignal): Promise<Response> {
  if (!target.credentials) throw new Error('needs credentials');
  const { username, password } = target.credentials;
  for (;;) {
    const response = await postSignIn(target.url, username, password, signal);
    if (response.ok) return response;
    const answer = await answerOf(response);
    if (!isAddressLimit(answer))
      throw new Error(`sign-in as ${username} failed: ${answer.status} ${answer.error}`);
    await sleep((answer.retryAfterSeconds ?? 6) * 1000, undefined, { signal });
  }
}

/** The session cookie (name=value) a sign-in response set. */
export function sessionCookie(response: Response): string {
  return response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

/** A signed-in tRPC client for the probe's account (see signInForProbe). */
export async function probeClient(target: ProbeTarget, signal: AbortSignal): Promise<ConsoleClient> {
  return consoleClient(target.url, sessionCookie(await signInForProbe(target, signal)));
}

/** Ends a probe's session. */
export async function signOut(url: string, cookie: string): Promise<void> {
  await fetch(`${url}/api/auth/logout`, { method: 'POST', headers: { origin: url, cookie } });
}
