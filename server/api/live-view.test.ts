import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { eventsOf } from './change-subscription';
import { liveView } from './live-view';

describe('liveView', () => {
  it('sends the view first, then changed views, and `same` when nothing visible changed', async () => {
    const emitter = new EventEmitter();
    let value = { count: 1 };
    const controller = new AbortController();
    const messages: unknown[] = [];
    const done = (async () => {
      for await (const message of liveView(eventsOf(emitter, 'change'), () => value, controller.signal, {
        intervalMs: 5,
        heartbeatMs: 60_000,
      })) {
        messages.push(message);
        if (messages.length === 3) controller.abort();
      }
    })();
    await eventually(() => {
      expect(messages).toHaveLength(1);
    });
    emitter.emit('change');
    await eventually(() => {
      expect(messages).toHaveLength(2);
    });
    value = { count: 2 };
    emitter.emit('change');
    await done;
    expect(messages).toEqual([{ view: { count: 1 } }, { same: true }, { view: { count: 2 } }]);
    expect(emitter.listenerCount('change')).toBe(0);
  });

  it('re-checks on the heartbeat without any change', async () => {
    const emitter = new EventEmitter();
    const controller = new AbortController();
    const messages: unknown[] = [];
    for await (const message of liveView(eventsOf(emitter, 'change'), () => 'x', controller.signal, {
      intervalMs: 1,
      heartbeatMs: 10,
    })) {
      messages.push(message);
      if (messages.length === 2) controller.abort();
    }
    expect(messages).toEqual([{ view: 'x' }, { same: true }]);
  });
});
