'use client';

import { useSyncExternalStore } from 'react';

interface Clock {
  now: number;
  listeners: Set<() => void>;
  timer?: ReturnType<typeof setInterval>;
  subscribe: (listener: () => void) => () => void;
  read: () => number;
}

/**
 * One timer per interval, shared by every component that asks for it: a table's age cells then tick
 * together in one render of just those cells, instead of each row or the whole table re-rendering.
 */
const clocks = new Map<number, Clock>();

function clockOf(intervalMs: number): Clock {
  const known = clocks.get(intervalMs);
  if (known) return known;
  const clock: Clock = {
    now: Date.now(),
    listeners: new Set(),
    subscribe: (listener) => {
      clock.listeners.add(listener);
      clock.timer ??= setInterval(() => {
        clock.now = Date.now();
        clock.listeners.forEach((notify) => {
          notify();
        });
      }, intervalMs);
      return () => {
        clock.listeners.delete(listener);
        if (clock.listeners.size > 0) return;
        clearInterval(clock.timer);
        clock.timer = undefined;
      };
    },
    // A stopped clock is behind: the first reader after a pause takes the time afresh, but only once
    // an interval has passed, so repeated reads in one render agree.
    read: () => {
      if (!clock.timer && Date.now() - clock.now >= intervalMs) clock.now = Date.now();
      return clock.now;
    },
  };
  clocks.set(intervalMs, clock);
  return clock;
}

/** The current time, re-rendering every `intervalMs`; for ages that tick. */
export function useNow(intervalMs = 1_000): number {
  const clock = clockOf(intervalMs);
  return useSyncExternalStore(clock.subscribe, clock.read, clock.read);
}
