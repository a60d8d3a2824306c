import { describe, expect, it } from 'vitest';
import { storableText, storableValues } from './plain-text';

describe('storableText', () => {
  it.each([
    ['ad\u0000min', 'ad\\u0000min'],
    ['bell\u0007 and esc\u001b', 'bell\\u0007 and esc\\u001b'],
    ['del\u007f c1\u0085', 'del\\u007f c1\\u0085'],
    ['tab\tand\r\nlines', 'tab\tand\r\nlines'],
    ['lone \ud800 high', 'lone \ufffd high'],
    ['lone \udc00 low', 'lone \ufffd low'],
    ['pair 😀 kept', 'pair 😀 kept'],
    ['plain', 'plain'],
  ])('%j becomes %j', (input, expected) => {
    expect(storableText(input)).toBe(expected);
  });
});

describe('storableValues', () => {
  it('cleans strings and keys in nested objects and arrays, and leaves other values alone', () => {
    const at = new Date(0);
    const bytes = Buffer.from('a\u0000');
    expect(
      storableValues({ 'k\u0000': ['x\u0000', 1, null, true, { deep: 'y\u0001' }], at, bytes, big: 1n }),
    ).toEqual({ 'k\\u0000': ['x\\u0000', 1, null, true, { deep: 'y\\u0001' }], at, bytes, big: 1n });
  });
});
