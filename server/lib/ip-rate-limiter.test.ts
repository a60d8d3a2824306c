import { describe, expect, it } from 'vitest';
import { IpRateLimiter } from './ip-rate-limiter';

describe('IpRateLimiter', () => {
  it('allows a burst, then refills at the given rate, per address', () => {
    let now = 0;
    const limiter = new IpRateLimiter(2, 3, () => now);
    expect([1, 2, 3, 4].map(() => limiter.take('10.0.0.1'))).toEqual([true, true, true, false]);
    expect(limiter.take('10.0.0.2')).toBe(true);
    now = 499;
    expect(limiter.take('10.0.0.1')).toBe(false);
    now = 1000;
    expect(limiter.take('10.0.0.1')).toBe(true);
  });

  it('forgets addresses whose bucket has refilled', () => {
    let now = 0;
    const limiter = new IpRateLimiter(1, 2, () => now);
    limiter.take('a');
    limiter.take('b');
    now = 5000;
    limiter.take('c');
    expect(limiter.size).toBe(1);
  });

  it('takes a balance set from outside, below zero included, and keeps it until it refills', () => {
    let now = 0;
    const limiter = new IpRateLimiter(1, 2, () => now);
    limiter.setTokens('a', -1);
    now = 1500;
    expect(limiter.take('a')).toBe(false);
    // A sweep two seconds on forgets only buckets that are full again.
    now = 2000;
    limiter.take('b');
    expect(limiter.size).toBe(2);
    expect(limiter.take('a')).toBe(true);
    limiter.setTokens('c', 10);
    expect([1, 2, 3].map(() => limiter.take('c'))).toEqual([true, true, false]);
  });
});
