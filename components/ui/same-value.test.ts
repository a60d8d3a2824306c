import { describe, expect, it } from 'vitest';
import { sameValue } from './same-value';

describe('sameValue', () => {
  it.each([
    ['equal primitives', 'a', 'a', true],
    ['different primitives', 1, 2, false],
    ['a number and its text', 1, '1', false],
    ['null and an object', null, {}, false],
    ['equal nested objects', { a: 1, b: { c: [1, 'x'] } }, { b: { c: [1, 'x'] }, a: 1 }, true],
    ['a nested difference', { a: 1, b: { c: [1, 'x'] } }, { a: 1, b: { c: [1, 'y'] } }, false],
    ['a field missing', { a: 1, b: undefined }, { a: 1, c: undefined }, false],
    ['a field more', { a: 1 }, { a: 1, b: 2 }, false],
    ['an array and an object of its indexes', [1], { 0: 1 }, false],
    ['arrays of other lengths', [1, 2], [1], false],
  ])('%s', (_name, a, b, expected) => {
    expect(sameValue(a, b)).toBe(expected);
    expect(sameValue(b, a)).toBe(expected);
  });
});
