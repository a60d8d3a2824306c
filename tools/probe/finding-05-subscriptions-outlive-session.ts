import type { EdgeProbe } from './edge-probe';
import { openEventStream } from './event-stream';

const ENDS_WITHIN_MS = 5_000;

async function postAuth(url: string, path: string, init: { cookie?: string; body?: unknown }) {
  return fetch(`${url}/api/auth/${path}`, {
    method: 'POST',
    headers: {
      origin: url,
      'content-type': 'application/json',
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: JSON.stringify(init.body ?? {}),
  });
}

/**
 * Signs in, opens a subscription over HTTP (SSE) and signs out again: either the server does not stream
 * subscriptions over HTTP at all, or the stream must end within 5 s of the sign-out.
 */
export const subscriptionsOutliveSessionProbe: EdgeProbe = {
  finding: 5,
  title: 'Live subscriptions over HTTP end with the session',
  needsCredentials: true,
  async run(target, signal) {
    const { url, credentials } = target;
    if (!credentials) throw new Error('needs credentials');
    const login = await postAuth(url, 'login', { body: credentials });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const stream = await openEventStream(url, cookie, 'overview.live');
    await postAuth(url, 'logout', { cookie });
    if (!stream.streaming) {
      return { held: true, detail: `subscription over HTTP refused with ${stream.status}` };
    }
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      stream.ended.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), ENDS_WITHIN_MS);
        signal.addEventListener('abort', () => resolve(false), { once: true });
      }),
    ]);
    clearTimeout(timer);
    stream.cancel();
    return {
      held: ended,
      detail: ended
        ? 'the SSE stream ended after sign-out'
        : `the SSE stream was still open ${ENDS_WITHIN_MS / 1000} s after sign-out`,
    };
  },
};
