import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { liveSnapshots } from './live-snapshots';

describe('liveSnapshots', () => {
  it('sends the current state first, then one snapshot per burst of changes', async () => {
    const source = new EventEmitter();
    let version = 0;
    const controller = new AbortController();
    const stream = liveSnapshots(
      (onChange) => {
        source.on('change', onChange);
        return () => source.off('change', onChange);
      },
      () => version,
      controller.signal,
      20,
    );
    expect((await stream.next()).value).toBe(0);

    const next = stream.next();
    for (let i = 0; i < 5; i++) {
      version++;
      source.emit('change');
    }
    expect((await next).value).toBe(5);

    controller.abort();
    expect((await stream.next()).done).toBe(true);
    expect(source.listenerCount('change')).toBe(0);
  });

  it('gives a consumer that fell behind the newest state once, not every snapshot it missed', async () => {
    const source = new EventEmitter();
    let version = 0;
    let built = 0;
    const controller = new AbortController();
    const stream = liveSnapshots(
      (onChange) => {
        source.on('change', onChange);
        return () => source.off('change', onChange);
      },
      () => {
        built++;
        return version;
      },
      controller.signal,
      5,
    );
    expect((await stream.next()).value).toBe(0);
    // The consumer is busy (not calling next) while several intervals' worth of changes arrive.
    for (let burst = 0; burst < 4; burst++) {
      version++;
      source.emit('change');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await stream.next()).value).toBe(4);
    expect(built).toBe(2);

    const next = stream.next();
    controller.abort();
    expect((await next).done).toBe(true);
    expect(built).toBe(2);
  });
});
