import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

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

export async function attemptSignIn(
  url: string,
  username: string,
  password: string,
  signal: AbortSignal,
): Promise<SigninAnswer> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, password }),
    signal,
  });
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  const retryAfter = response.headers.get('retry-after');
  return {
    status: response.status,
    error: body.error ?? '',
    retryAfterSeconds: retryAfter === null ? undefined : Number(retryAfter),
    cookie: response.headers.getSetCookie()[0]?.split(';')[0],
  };
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
