import { atMostEvery } from '../lib/at-most-every';
import { inSlices } from '../lib/in-slices';
import type { LiveViewOptions, LiveViews } from '../runtime';
import type { LiveMessage } from '../types/live-message';
import { HEARTBEAT_MS } from './live-view';
import { rememberViewJson } from './shared-view-frames';

interface Snapshot<T> {
  view: T;
  /** Its JSON, or its fingerprint when the view has one: what tells it from the one before. */
  json: string;
}

interface Subscriber<T> {
  /** The JSON of the last view this subscriber was sent. */
  last: string;
  /** The newest snapshot not yet taken; a newer one replaces it (each is the whole view). */
  waiting?: Snapshot<T>;
  wake?: () => void;
}

interface Hub<T> {
  subscribers: Set<Subscriber<T>>;
  stop: () => void;
}

/**
 * Builds a snapshot: the view and its JSON, kept for the frames that send it, or with `fingerprint`
 * the view and its fingerprint, which is only compared.
 */
function snapshotMaker<T>(build: () => T, fingerprint: ((view: T) => string) | undefined): () => Snapshot<T> {
  return () => {
    const view = build();
    if (fingerprint) return { view, json: fingerprint(view) };
    const json = JSON.stringify(view);
    rememberViewJson(view, json);
    return { view, json };
  };
}

/** Subscribers handed a new snapshot per turn of the event loop. */
export const WAKE_SLICE = 25;

/**
 * Gives every subscriber `snapshot` and wakes it, WAKE_SLICE per turn of the event loop: a woken
 * subscriber writes its frame in the same turn, so waking 200 at once held the loop for tens of
 * milliseconds while requests (a health probe, a mutation) waited. The hub aborts `signal` when a newer
 * snapshot comes: that one goes to everyone anyway, and an older slice running after it would hand a
 * subscriber the older view.
 */
function handOut<T>(subscribers: Set<Subscriber<T>>, snapshot: Snapshot<T>, signal: AbortSignal): void {
  const wake = (each: Subscriber<T>) => {
    each.waiting = snapshot;
    each.wake?.();
  };
  void inSlices([...subscribers], WAKE_SLICE, wake, signal);
}

/**
 * How long a shared view waits between builds: its own interval, or `perSubscriberMs` for each of its
 * subscribers when that is longer. Every build is sent to every subscriber, so a view that scales this
 * way costs the server about the same number of sends a second however many screens show it.
 */
export function sharedIntervalMs(intervalMs: number, subscribers: number, perSubscriberMs: number): number {
  return Math.max(intervalMs, subscribers * perSubscriberMs);
}

/**
 * Live views that every subscriber with the same key sees alike (the same procedure and input; no
 * per-user filtering), built once per change for all of them: with many consoles open, building and
 * comparing the view per socket cost each change a multiple of the work. Each subscriber still gets
 * its own first view, built when it subscribes, and `same` when a re-check changed nothing it was sent.
 */
export class SharedLiveViews implements LiveViews {
  private readonly hubs = new Map<string, Hub<unknown>>();

  /** Views being shared now, for tests and metrics. */
  get size(): number {
    return this.hubs.size;
  }

  async *view<T>(
    key: string,
    subscribe: (onChange: () => void) => () => void,
    build: () => T,
    signal: AbortSignal | undefined,
    { intervalMs = 250, heartbeatMs = HEARTBEAT_MS, perSubscriberMs = 0, fingerprint }: LiveViewOptions = {},
  ): AsyncGenerator<LiveMessage<T>> {
    if (signal?.aborted) return;
    const snapshotOf = snapshotMaker(build, fingerprint as ((view: T) => string) | undefined);
    const first = snapshotOf();
    const subscriber: Subscriber<T> = { last: first.json };
    const hub = this.join(
      key,
      subscribe,
      snapshotOf,
      { intervalMs, heartbeatMs, perSubscriberMs },
      subscriber,
    );
    const aborted = () => subscriber.wake?.();
    signal?.addEventListener('abort', aborted, { once: true });
    try {
      yield { view: first.view };
      while (!signal?.aborted) {
        if (!subscriber.waiting) {
          await new Promise<void>((resolve) => (subscriber.wake = resolve));
          subscriber.wake = undefined;
          continue;
        }
        const snapshot = subscriber.waiting;
        subscriber.waiting = undefined;
        if (snapshot.json === subscriber.last) {
          yield { same: true };
          continue;
        }
        subscriber.last = snapshot.json;
        yield { view: snapshot.view };
      }
    } finally {
      signal?.removeEventListener('abort', aborted);
      hub.subscribers.delete(subscriber);
      if (hub.subscribers.size === 0) {
        hub.stop();
        this.hubs.delete(key);
      }
    }
  }

  private join<T>(
    key: string,
    subscribe: (onChange: () => void) => () => void,
    snapshotOf: () => Snapshot<T>,
    { intervalMs, heartbeatMs, perSubscriberMs }: Required<Omit<LiveViewOptions, 'fingerprint'>>,
    subscriber: Subscriber<T>,
  ): Hub<T> {
    const existing = this.hubs.get(key) as Hub<T> | undefined;
    if (existing) {
      existing.subscribers.add(subscriber);
      return existing;
    }
    const subscribers = new Set<Subscriber<T>>([subscriber]);
    let waking: AbortController | undefined;
    // A burst of changes becomes one build, at most one per interval, as liveSnapshots does per socket.
    const throttle = atMostEvery(
      () => sharedIntervalMs(intervalMs, subscribers.size, perSubscriberMs),
      () => {
        const snapshot = snapshotOf();
        waking?.abort();
        waking = new AbortController();
        handOut(subscribers, snapshot, waking.signal);
      },
    );
    const unsubscribe = subscribe(throttle.changed);
    const heartbeat = setInterval(throttle.changed, heartbeatMs);
    const hub: Hub<T> = {
      subscribers,
      stop: () => {
        clearInterval(heartbeat);
        throttle.stop();
        waking?.abort();
        unsubscribe();
      },
    };
    this.hubs.set(key, hub);
    return hub;
  }
}
