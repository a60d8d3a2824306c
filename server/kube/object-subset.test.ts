import { describe, expect, it } from 'vitest';
import { isSubset } from './object-subset';

describe('isSubset', () => {
  it.each([
    { desired: { a: 1 }, actual: { a: 1, b: 2 }, subset: true },
    { desired: { a: 1 }, actual: { a: 2 }, subset: false },
    { desired: { a: { b: [1, 2] } }, actual: { a: { b: [1, 2], c: 3 } }, subset: true },
    { desired: { a: [1, 2] }, actual: { a: [1, 2, 3] }, subset: false },
    { desired: { a: [{ name: 'x' }] }, actual: { a: [{ name: 'x', defaulted: true }] }, subset: true },
    { desired: { a: [2, 1] }, actual: { a: [1, 2] }, subset: false },
    { desired: { a: undefined }, actual: {}, subset: true },
    { desired: { a: 'x' }, actual: {}, subset: false },
    { desired: { a: {} }, actual: { a: null }, subset: false },
    { desired: 'v', actual: 'v', subset: true },
    // The API server drops an empty map or list; a non-empty one must be there.
    { desired: { data: {} }, actual: { kind: 'ConfigMap' }, subset: true },
    { desired: { items: [] }, actual: {}, subset: true },
    { desired: { data: { k: 'v' } }, actual: {}, subset: false },
  ])('$desired ⊆ $actual is $subset', ({ desired, actual, subset }) => {
    expect(isSubset(desired, actual)).toBe(subset);
  });
});
