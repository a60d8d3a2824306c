import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import type { LiveMessage } from '../types/live-message';
import { eventsOf } from './change-subscription';
import { SharedLiveViews, WAKE_SLICE, sharedIntervalMs } from './shared-live-view';
import { sharedViewFrames } from './shared-view-frames';

function collect<T>(source: AsyncGenerator<LiveMessage<T>>): {
  messages: LiveMessage<T>[];
  done: Promise<void>;
} {
  const messages: LiveMessage<T>[] = [];
  const done = (async () => {
    for await (const message of source) messages.push(message);
  })();
  return { messages, done };
}

describe('sharedIntervalMs', () => {
  it.each([
    { subscribers: 1, perSubscriberMs: 0, expected: 250 },
    { subscribers: 500, perSubscriberMs: 0, expected: 250 },
    { subscribers: 1, perSubscriberMs: 5, expected: 250 },
    { subscribers: 50, perSubscriberMs: 5, expected: 250 },
    { subscribers: 200, perSubscriberMs: 5, expected: 1000 },
  ])(
    '$subscribers subscribers at $perSubscriberMs ms each wait $expected ms',
    ({ subscribers, perSubscriberMs, expected }) => {
      expect(sharedIntervalMs(250, subscribers, perSubscriberMs)).toBe(expected);
    },
  );
});

describe('SharedLiveViews', () => {
  it('builds once per change for every subscriber of a key and tells each what changed for it', async () => {
    const views = new SharedLiveViews();
    const emitter = new EventEmitter();
    let value = { count: 1 };
    let builds = 0;
    const build = () => {
      builds++;
      return value;
    };
    const options = { intervalMs: 5, heartbeatMs: 60_000 };
    const first = new AbortController();
    const second = new AbortController();
    const a = collect(views.view('k', eventsOf(emitter, 'change'), build, first.signal, options));
    const b = collect(views.view('k', eventsOf(emitter, 'change'), build, second.signal, options));
    await eventually(() => {
      expect(a.messages).toHaveLength(1);
      expect(b.messages).toHaveLength(1);
    });
    expect(emitter.listenerCount('change')).toBe(1);
    expect(views.size).toBe(1);
    const beforeChange = builds;
    value = { count: 2 };
    emitter.emit('change');
    emitter.emit('change');
    await eventually(() => {
      expect(a.messages).toHaveLength(2);
      expect(b.messages).toHaveLength(2);
    });
    expect(builds - beforeChange).toBe(1);
    emitter.emit('change');
    await eventually(() => {
      expect(a.messages).toHaveLength(3);
    });
    first.abort();
    second.abort();
    await Promise.all([a.done, b.done]);
    expect(a.messages).toEqual([{ view: { count: 1 } }, { view: { count: 2 } }, { same: true }]);
    expect(b.messages.slice(0, 2)).toEqual([{ view: { count: 1 } }, { view: { count: 2 } }]);
    expect(emitter.listenerCount('change')).toBe(0);
    expect(views.size).toBe(0);
  });

  it('hands a change to more subscribers than one turn of the event loop wakes', async () => {
    const views = new SharedLiveViews();
    const emitter = new EventEmitter();
    let value = 1;
    const controller = new AbortController();
    const options = { intervalMs: 1, heartbeatMs: 60_000 };
    const all = Array.from({ length: 2 * WAKE_SLICE + 3 }, () =>
      collect(views.view('k', eventsOf(emitter, 'change'), () => ({ value }), controller.signal, options)),
    );
    await eventually(() => {
      expect(all.every((each) => each.messages.length === 1)).toBe(true);
    });
    value = 2;
    emitter.emit('change');
    await eventually(() => {
      expect(all.every((each) => each.messages.length === 2)).toBe(true);
    });
    controller.abort();
    await Promise.all(all.map((each) => each.done));
    expect(all.every((each) => JSON.stringify(each.messages[1]) === '{"view":{"value":2}}')).toBe(true);
  });

  it('tells builds apart by a fingerprint when given one, and keeps no JSON of them for the frames', async () => {
    const views = new SharedLiveViews();
    const emitter = new EventEmitter();
    const controller = new AbortController();
    let value = { version: 1, noise: 1 };
    const options = {
      intervalMs: 1,
      heartbeatMs: 60_000,
      fingerprint: (view: typeof value) => `${view.version}`,
    };
    const a = collect(views.view('k', eventsOf(emitter, 'change'), () => value, controller.signal, options));
    await eventually(() => {
      expect(a.messages).toHaveLength(1);
    });
    value = { version: 1, noise: 2 };
    emitter.emit('change');
    await eventually(() => {
      expect(a.messages).toHaveLength(2);
    });
    value = { version: 2, noise: 3 };
    emitter.emit('change');
    await eventually(() => {
      expect(a.messages).toHaveLength(3);
    });
    controller.abort();
    await a.done;
    expect(a.messages).toEqual([{ view: { version: 1, noise: 1 } }, { same: true }, { view: value }]);
    expect(sharedViewFrames.encode({ id: 1, result: { type: 'data', data: { view: value } } })).toBe(
      JSON.stringify({ id: 1, result: { type: 'data', data: { view: value } } }),
    );
  });

  it('keeps views of different keys apart and re-checks on the heartbeat', async () => {
    const views = new SharedLiveViews();
    const emitter = new EventEmitter();
    const controller = new AbortController();
    const options = { intervalMs: 1, heartbeatMs: 10 };
    const x = collect(views.view('x', eventsOf(emitter, 'change'), () => 'x', controller.signal, options));
    const y = collect(views.view('y', eventsOf(emitter, 'change'), () => 'y', controller.signal, options));
    await eventually(() => {
      expect(x.messages.length).toBeGreaterThanOrEqual(2);
      expect(y.messages.length).toBeGreaterThanOrEqual(2);
    });
    controller.abort();
    await Promise.all([x.done, y.done]);
    expect(x.messages.slice(0, 2)).toEqual([{ view: 'x' }, { same: true }]);
    expect(y.messages.slice(0, 2)).toEqual([{ view: 'y' }, { same: true }]);
    expect(views.size).toBe(0);
  });
});
