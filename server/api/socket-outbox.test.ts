import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutgoingFrame } from './shared-view-frames';
import { SocketFlow, SocketOutbox } from './socket-outbox';

const LIMITS = { queueBytes: 100, behindMs: 1000, pingMs: 30_000, pongWaitMs: 10_000 };

/** A stand-in for a ws socket whose network takes frames only when the test says so. */
function slowSocket() {
  const written: string[] = [];
  const pending: (() => void)[] = [];
  const closeListeners: (() => void)[] = [];
  const socket = {
    bufferedAmount: 0,
    closedWith: undefined as number | undefined,
    terminated: false,
    close(code: number) {
      socket.closedWith = code;
    },
    terminate() {
      socket.terminated = true;
      for (const listener of closeListeners) listener();
    },
    once(_event: 'close', listener: () => void) {
      closeListeners.push(listener);
    },
  };
  const flow = new SocketFlow(LIMITS);
  const outbox = new SocketOutbox(
    socket,
    (data, done) => {
      written.push(data.toString());
      socket.bufferedAmount += Buffer.byteLength(data);
      pending.push(done);
    },
    LIMITS,
    flow,
  );
  /** The network takes everything written so far. */
  const drain = () => {
    socket.bufferedAmount = 0;
    for (const done of pending.splice(0)) done();
  };
  return { socket, outbox, flow, written, drain };
}

const snapshot = (id: string, text: string, same = false): OutgoingFrame => ({ text, snapshotOf: id, same });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SocketOutbox', () => {
  it('writes at once while the network keeps up, shared bytes where the frame has them', () => {
    const { outbox, written, drain } = slowSocket();
    outbox.send({ text: 'a', bytes: Buffer.from('shared') });
    drain();
    outbox.send(snapshot('1', 'b'));
    expect(written).toEqual(['shared', 'b']);
  });

  it('once behind, keeps only the newest snapshot of each view, in its place, and the rest in order', () => {
    const { outbox, flow, written, drain } = slowSocket();
    outbox.send(snapshot('1', 'x'.repeat(100)));
    outbox.send(snapshot('1', 'v1'));
    outbox.send({ text: 'started 2' });
    outbox.send(snapshot('2', 'w1'));
    outbox.send(snapshot('1', 'v2'));
    outbox.send(snapshot('1', 'same', true));
    outbox.send(snapshot('2', 'w2'));
    expect(written).toHaveLength(1);
    drain();
    expect(written.slice(1)).toEqual(['v2', 'started 2', 'w2']);
    expect(flow.coalesced).toBe(3);
    expect(flow.peakQueued).toBeGreaterThanOrEqual(100);
  });

  it('drops the waiting snapshot of a subscription that stopped', () => {
    const { outbox, written, drain } = slowSocket();
    outbox.send(snapshot('1', 'x'.repeat(100)));
    outbox.send(snapshot('1', 'old'));
    outbox.send({ text: 'stopped 1', stopped: '1' });
    outbox.send(snapshot('1', 'new'));
    drain();
    expect(written.slice(1)).toEqual(['stopped 1', 'new']);
  });

  it('closes a socket holding more than its queue, with the code the browser reconnects on', () => {
    const { socket, outbox, flow } = slowSocket();
    outbox.send(snapshot('1', 'x'.repeat(100)));
    for (let id = 0; id < 20; id++) outbox.send(snapshot(String(id + 2), 'y'.repeat(10)));
    expect(socket.closedWith).toBe(4000);
    expect(flow.closedBehind).toBe(1);
    expect(outbox.queued).toBe(100);
    vi.advanceTimersByTime(5_000);
    expect(socket.terminated).toBe(true);
  });

  it('closes a socket still behind after behindMs, and not one that caught up', () => {
    const caughtUp = slowSocket();
    caughtUp.outbox.send(snapshot('1', 'x'.repeat(100)));
    caughtUp.outbox.send(snapshot('1', 'v'));
    vi.advanceTimersByTime(500);
    caughtUp.drain();
    vi.advanceTimersByTime(1000);
    expect(caughtUp.socket.closedWith).toBeUndefined();

    const stuck = slowSocket();
    stuck.outbox.send(snapshot('1', 'x'.repeat(100)));
    stuck.outbox.send(snapshot('1', 'v'));
    vi.advanceTimersByTime(1000);
    expect(stuck.socket.closedWith).toBe(4000);
  });
});
