import { describe, expect, it } from 'vitest';
import { SharedIpRateLimiter } from './shared-rate-limiter';

describe('SharedIpRateLimiter', () => {
  it('counts what it took per address until the usage is handed over', () => {
    const limiter = new SharedIpRateLimiter({ perSecond: 1, burst: 3 }, () => 0);
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
    limiter.take('b');
    expect([...limiter.takeUsage()]).toEqual([
      ['a', 3],
      ['b', 1],
    ]);
    expect(limiter.takeUsage().size).toBe(0);
  });

  it('refuses an address another replica used up, as soon as the shared balance says so', () => {
    const limiter = new SharedIpRateLimiter({ perSecond: 1, burst: 3 }, () => 0);
    limiter.applyShared([{ address: 'a', tokens: -2 }]);
    expect(limiter.take('a')).toBe(false);
    expect(limiter.take('b')).toBe(true);
  });

  it('keeps tokens taken during an exchange on top of the balance it returns', () => {
    const limiter = new SharedIpRateLimiter({ perSecond: 1, burst: 5 }, () => 0);
    limiter.take('a');
    limiter.takeUsage();
    // The exchange is under way: two more are taken here before the shared balance (4) arrives.
    limiter.take('a');
    limiter.take('a');
    limiter.applyShared([{ address: 'a', tokens: 4 }]);
    expect([1, 2, 3].map(() => limiter.take('a'))).toEqual([true, true, false]);
    expect(limiter.takeUsage().get('a')).toBe(4);
  });
});
