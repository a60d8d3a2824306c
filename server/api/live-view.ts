import type { LiveMessage } from '../types/live-message';
import { liveSnapshots } from './live-snapshots';

export const HEARTBEAT_MS = 15_000;

/**
 * Snapshots after changes (coalesced to one per `intervalMs`) and at least every `heartbeatMs`;
 * the first message is always the full view, so a (re)subscribing client resyncs from it. A view read
 * from the database (`build` returning a promise) is compared once it has arrived.
 */
export async function* liveView<T>(
  subscribe: (onChange: () => void) => () => void,
  build: () => T | Promise<T>,
  signal: AbortSignal | undefined,
  { intervalMs = 250, heartbeatMs = HEARTBEAT_MS }: { intervalMs?: number; heartbeatMs?: number } = {},
): AsyncGenerator<LiveMessage<T>> {
  const withHeartbeat = (onChange: () => void) => {
    const unsubscribe = subscribe(onChange);
    const timer = setInterval(onChange, heartbeatMs);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  };
  let last: string | undefined;
  // An async generator awaits what it yields: a view read from the database arrives here whole.
  for await (const view of liveSnapshots(withHeartbeat, build, signal, intervalMs)) {
    const json = JSON.stringify(view);
    if (json === last) {
      yield { same: true };
      continue;
    }
    last = json;
    yield { view };
  }
}
