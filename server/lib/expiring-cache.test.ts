import { describe, expect, it } from 'vitest';
import { ExpiringCache } from './expiring-cache';

function cacheAt(limit: number) {
  const clock = { now: 1_000 };
  return { clock, cache: new ExpiringCache<string, number>(limit, () => clock.now) };
}

describe('ExpiringCache', () => {
  it('answers an entry until its own time and forgets it then', () => {
    const { clock, cache } = cacheAt(10);
    cache.set('a', 1, 1_500);
    cache.set('b', 2, 3_000);
    clock.now = 1_499;
    expect([cache.get('a'), cache.get('b')]).toEqual([1, 2]);
    clock.now = 1_500;
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, 2]);
    expect(cache.size).toBe(1);
  });

  it('does not hold an entry whose time has already come, and drops what it held under that key', () => {
    const { cache } = cacheAt(10);
    cache.set('a', 1, 2_000);
    cache.set('a', 2, 1_000);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the oldest set entry beyond its limit and counts it', () => {
    const { cache } = cacheAt(2);
    cache.set('a', 1, 9_000);
    cache.set('b', 2, 9_000);
    cache.set('a', 3, 9_000);
    cache.set('c', 4, 9_000);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
    expect(cache.evictions).toBe(1);
  });

  it('forgets a deleted entry', () => {
    const { cache } = cacheAt(2);
    cache.set('a', 1, 9_000);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });
});
