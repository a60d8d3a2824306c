import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { keepWhileAnswering } from './socket-liveness';

const TIMINGS = { pingMs: 1000, pongWaitMs: 500 };

/** A stand-in for a ws socket that records its pings and lets the test answer them. */
function pingedSocket() {
  const pings: Buffer[] = [];
  let onPong: (data: Buffer) => void = () => undefined;
  const socket = {
    terminated: false,
    ping: (data: Buffer) => pings.push(data),
    terminate: () => (socket.terminated = true),
    on: (_event: 'pong', listener: (data: Buffer) => void) => (onPong = listener),
    once: () => undefined,
  };
  let dead = 0;
  keepWhileAnswering(socket, TIMINGS, () => dead++);
  return { socket, pings, pong: (data: Buffer) => onPong(data), dead: () => dead };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

it('keeps a socket that echoes each ping', () => {
  const { socket, pings, pong } = pingedSocket();
  for (let round = 0; round < 3; round++) {
    vi.advanceTimersByTime(1000);
    pong(pings.at(-1) ?? Buffer.alloc(0));
  }
  vi.advanceTimersByTime(600);
  expect(pings).toHaveLength(3);
  expect(socket.terminated).toBe(false);
});

it('cuts a socket whose pongs do not echo the ping: unsolicited, guessed or stale ones', () => {
  const { socket, pings, pong, dead } = pingedSocket();
  pong(Buffer.alloc(8));
  vi.advanceTimersByTime(1000);
  pong(Buffer.alloc(8));
  vi.advanceTimersByTime(499);
  expect(socket.terminated).toBe(false);
  vi.advanceTimersByTime(1);
  expect(pings).toHaveLength(1);
  expect(socket.terminated).toBe(true);
  expect(dead()).toBe(1);
});
