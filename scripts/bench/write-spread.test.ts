import { describe, expect, it } from 'vitest';
import { roundRobin, shuffled, spreadOverFleet } from './write-spread';

const fleet = Array.from({ length: 1000 }, (_, i) => `bench/h${String(i).padStart(4, '0')}`);

describe('roundRobin', () => {
  it('goes through the timed keys, then the background ones not among them, and again', () => {
    expect(roundRobin(['a', 'b'], ['b', 'c'], 7)).toEqual([
      { key: 'a', timed: true },
      { key: 'b', timed: true },
      { key: 'c', timed: false },
      { key: 'a', timed: true },
      { key: 'b', timed: true },
      { key: 'c', timed: false },
      { key: 'a', timed: true },
    ]);
  });

  it('plans nothing without keys', () => {
    expect(roundRobin([], [], 5)).toEqual([]);
  });
});

describe('shuffled', () => {
  it('keeps every key once, in an order the seed fixes', () => {
    const once = shuffled(fleet, 7);
    expect([...once].sort()).toEqual(fleet);
    expect(once).not.toEqual(fleet);
    expect(shuffled(fleet, 7)).toEqual(once);
    expect(shuffled(fleet, 8)).not.toEqual(once);
  });
});

describe('spreadOverFleet', () => {
  const timed = ['bench/h0001', 'bench/h0002', 'bench/h0003', 'bench/h0004'];

  it('gives the timed keys their share, evenly spaced and in turn', () => {
    const plan = spreadOverFleet(timed, fleet, 1000, { share: 0.1 });
    const timedAt = plan.flatMap((write, n) => (write.timed ? [n] : []));
    expect(timedAt).toHaveLength(100);
    expect(new Set(timedAt.slice(1).map((n, i) => n - (timedAt[i] ?? 0)))).toEqual(new Set([10]));
    expect(
      plan
        .filter((write) => write.timed)
        .map((write) => write.key)
        .slice(0, 6),
    ).toEqual([...timed, ...timed.slice(0, 2)]);
  });

  it('writes each other object of the fleet once before any twice, never a timed or spared one', () => {
    const spared = ['bench/h0010', 'bench/h0011'];
    const plan = spreadOverFleet(timed, fleet, 2000, { share: 0.08, spared });
    const background = plan.filter((write) => !write.timed).map((write) => write.key);
    const pool = fleet.length - timed.length - spared.length;
    expect(new Set(background.slice(0, pool)).size).toBe(pool);
    expect(background.slice(pool)).toEqual(background.slice(0, background.length - pool));
    for (const key of [...timed, ...spared]) expect(background).not.toContain(key);
  });

  it('spreads the changes over the fleet rather than walking it in order', () => {
    const plan = spreadOverFleet([], fleet, 100, { share: 0 });
    const indexes = plan.map((write) => Number(write.key.slice(-4)));
    expect(Math.max(...indexes) - Math.min(...indexes)).toBeGreaterThan(800);
    expect(indexes).not.toEqual([...indexes].sort((a, b) => a - b));
  });

  it('writes only the timed keys when nothing else is left, and refuses a share outside 0–1', () => {
    expect(spreadOverFleet(['a'], ['a'], 3, { share: 0.1 }).every((write) => write.timed)).toBe(true);
    expect(() => spreadOverFleet(timed, fleet, 10, { share: 1.5 })).toThrow('share must be from 0 to 1');
  });
});
