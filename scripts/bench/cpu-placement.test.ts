import { describe, expect, it } from 'vitest';
import { otherCpus } from './cpu-placement';

describe('otherCpus', () => {
  it.each([
    { own: 1, count: 2, expected: '0' },
    { own: 0, count: 2, expected: '1' },
    { own: 2, count: 4, expected: '0,1,3' },
  ])('CPU $own of $count leaves $expected', ({ own, count, expected }) => {
    expect(otherCpus(own, count)).toBe(expected);
  });

  it.each([
    { own: 2, count: 2, message: 'CPUs 0 to 1' },
    { own: -1, count: 2, message: 'CPUs 0 to 1' },
    { own: 0.5, count: 2, message: 'CPUs 0 to 1' },
    { own: 0, count: 1, message: 'at least two CPUs' },
  ])('refuses CPU $own of $count', ({ own, count, message }) => {
    expect(() => otherCpus(own, count)).toThrow(message);
  });
});
