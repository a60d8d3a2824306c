import type { EdgeProbe } from './edge-probe';
import { openEventStream } from './event-stream';
import { sessionCookie, signInForProbe, signOut } from './signin-attempts';

const ENDS_WITHIN_MS = 5_000;

/**
 * Signs in, opens a subscription over HTTP (SSE) and signs out again: either the server does not stream
 * subscriptions over HTTP at all, or the stream must end within 5 s of the sign-out.
 */
export const subscriptionsOutliveSessionProbe: EdgeProbe = {
  finding: 5,
  title: 'Live subscriptions over HTTP end with the session',
  needsCredentials: true,
  async run(target, signal) {
    const { url } = target;
    const cookie = sessionCookie(await signInForProbe(target, signal));
    const stream = await openEventStream(url, cookie, 'overview.live');
    await signOut(url, cookie);
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
