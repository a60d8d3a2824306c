import { describe, expect, it } from 'vitest';
import { Backoff } from './backoff';

describe('Backoff', () => {
  it.each([
    { random: 0, expected: [50, 100, 200, 400, 500, 500] },
    { random: 1, expected: [100, 200, 400, 800, 1000, 1000] },
  ])('doubles up to the cap with jitter in [ceiling/2, ceiling] (random=$random)', ({ random, expected }) => {
    const backoff = new Backoff(100, 1000, () => random);
    expect(expected.map(() => backoff.next())).toEqual(expected);
  });

  it('starts again from the base after reset', () => {
    const backoff = new Backoff(100, 1000, () => 1);
    backoff.next();
    backoff.next();
    backoff.reset();
    expect(backoff.next()).toBe(100);
  });
});
