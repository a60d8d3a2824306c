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
});

describe('Backoff with a healthy period', () => {
  it.each([
    {
      name: 'failures close together keep growing',
      gaps: [0, 1_000, 1_000, 1_000],
      expected: [100, 200, 400, 800],
    },
    {
      name: 'a quiet period as long as the reset starts again',
      gaps: [0, 1_000, 60_000, 1_000],
      expected: [100, 200, 100, 200],
    },
    { name: 'just short of the reset does not', gaps: [0, 1_000, 59_999], expected: [100, 200, 400] },
  ])('$name', ({ gaps, expected }) => {
    let clock = 0;
    const backoff = new Backoff(
      100,
      10_000,
      () => 1,
      60_000,
      () => clock,
    );
    const delays = gaps.map((gap) => {
      clock += gap;
      return backoff.next();
    });
    expect(delays).toEqual(expected);
  });
});
