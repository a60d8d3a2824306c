import { setTimeout as sleep } from 'node:timers/promises';
import type { EdgeProbe } from './edge-probe';
import { sessionCookie, signInForProbe, signOut } from './signin-attempts';
import { openSlowReader } from './slow-reader';
import { socketMetrics } from './socket-metrics';

/** Past the longest the defaults allow: a ping every 30 s answered within 10 s, or 30 s behind. */
const CLOSED_WITHIN_MS = 120_000;
/** Subscriptions started and stopped per tick: each start makes the server send the view's first frame. */
const CHURN_PER_TICK = 5;
const TICK_MS = 200;
/** How often the client sends tRPC's keep-alive answer, which once kept any socket open. */
const PONG_EVERY_MS = 5_000;

/**
 * A client that stops reading its WebSocket must cost the server a bounded amount and be let go. Opens
 * the socket, stops reading, and keeps the server writing by starting and stopping a subscription of
 * the overview (every start sends the whole view), while sending `PONG` every 5 s; the server must
 * close the connection within 120 s, and where /api/metrics is reachable, the most any socket held
 * must stay within three times the limit it reports (written and held back may each reach the limit
 * and one frame more; the console's frames are far smaller than the limit).
 */
export const slowWebsocketReadersProbe: EdgeProbe = {
  finding: 17,
  title: 'A WebSocket client that stops reading is bounded and let go',
  needsCredentials: true,
  async run(target, signal) {
    const { url } = target;
    const cookie = sessionCookie(await signInForProbe(target, signal));
    const started = Date.now();
    try {
      const reader = await openSlowReader(url, cookie);
      let id = 0;
      let lastPong = started;
      try {
        while (!reader.isClosed() && Date.now() - started < CLOSED_WITHIN_MS && !signal.aborted) {
          for (let i = 0; i < CHURN_PER_TICK; i++) {
            id++;
            reader.subscribe(id, 'overview.live');
            reader.unsubscribe(id);
          }
          if (Date.now() - lastPong >= PONG_EVERY_MS) {
            reader.send('PONG');
            lastPong = Date.now();
          }
          await sleep(TICK_MS, undefined, { signal }).catch(() => undefined);
        }
      } finally {
        reader.abandon();
      }
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!reader.isClosed()) {
        return {
          held: false,
          detail: `a socket that read nothing and sent PONG every ${PONG_EVERY_MS / 1000} s was still open after ${seconds} s (${id} subscriptions started)`,
        };
      }
      const metrics = await socketMetrics(url, signal);
      if (!metrics) return { held: true, detail: `closed after ${seconds} s; /api/metrics not reachable` };
      const bound = 3 * metrics.queueLimit;
      const bounded = metrics.peakQueued <= bound;
      return {
        held: bounded,
        detail: `closed after ${seconds} s (${id} subscriptions started); the most one socket held was ${metrics.peakQueued} bytes, ${bounded ? 'within' : 'over'} ${bound} (three times the ${metrics.queueLimit}-byte limit)`,
      };
    } finally {
      await signOut(url, cookie);
    }
  },
};
