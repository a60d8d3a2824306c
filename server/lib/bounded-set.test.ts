import { describe, expect, it } from 'vitest';
import { BoundedSet } from './bounded-set';

describe('BoundedSet', () => {
  it('forgets the oldest member past its limit and counts it', () => {
    const set = new BoundedSet<string>(2);
    set.add('a');
    set.add('b');
    set.add('c');
    expect([set.has('a'), set.has('b'), set.has('c')]).toEqual([false, true, true]);
    expect(set.size).toBe(2);
    expect(set.evictions).toBe(1);
  });

  it('counts a member added again as the newest', () => {
    const set = new BoundedSet<string>(2);
    set.add('a');
    set.add('b');
    set.add('a');
    set.add('c');
    expect([set.has('a'), set.has('b'), set.has('c')]).toEqual([true, false, true]);
  });
});
