import { describe, expect, it } from 'vitest';
import { pageAt, pagesOf, parseRotate, ROTATE_MAX_SECONDS, ROTATE_MIN_SECONDS } from './wall-rotation';

describe('parseRotate', () => {
  it('takes whole seconds within the bounds', () => {
    expect(parseRotate(null)).toEqual({});
    expect(parseRotate('30')).toEqual({ seconds: 30 });
    expect(parseRotate(' 15 ')).toEqual({ seconds: 15 });
    expect(parseRotate(String(ROTATE_MIN_SECONDS))).toEqual({ seconds: ROTATE_MIN_SECONDS });
    expect(parseRotate(String(ROTATE_MAX_SECONDS))).toEqual({ seconds: ROTATE_MAX_SECONDS });
  });

  it('bounds numbers outside, with a note', () => {
    expect(parseRotate('1')).toEqual({ seconds: ROTATE_MIN_SECONDS, note: 'rotate=1 raised to 5 s' });
    expect(parseRotate('0')).toMatchObject({ seconds: ROTATE_MIN_SECONDS });
    expect(parseRotate('86400')).toEqual({
      seconds: ROTATE_MAX_SECONDS,
      note: 'rotate=86400 lowered to 3600 s',
    });
  });

  it.each(['', 'abc', '-5', '1.5', '1e3', '10s', 'Infinity', '9999999999'])(
    'ignores %j with a note',
    (raw) => {
      const setting = parseRotate(raw);
      expect(setting.seconds).toBeUndefined();
      expect(setting.note).toMatch(/ignored: give whole seconds \(5–3600\)$/);
    },
  );

  it('quotes at most 20 characters of what it ignores', () => {
    expect(parseRotate('x'.repeat(500)).note).toBe(
      `rotate=${'x'.repeat(20)} ignored: give whole seconds (5–3600)`,
    );
  });
});

describe('pagesOf', () => {
  it('cuts in order, the last page holding the rest', () => {
    expect(pagesOf([1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9]]);
    expect(pagesOf([1, 2, 3, 4], 4)).toEqual([[1, 2, 3, 4]]);
    expect(pagesOf([1, 2], 0)).toEqual([[1], [2]]);
  });

  it('has one empty page for nothing', () => {
    expect(pagesOf([], 4)).toEqual([[]]);
  });
});

describe('pageAt', () => {
  it('turns every interval and starts over', () => {
    expect([0, 9_999, 10_000, 25_000, 30_000, 65_000].map((ms) => pageAt(ms, 10_000, 3))).toEqual([
      0, 0, 1, 2, 0, 0,
    ]);
  });

  it('stays on the first page with one page, no rotation or a clock gone back', () => {
    expect(pageAt(50_000, 10_000, 1)).toBe(0);
    expect(pageAt(50_000, 0, 3)).toBe(0);
    expect(pageAt(-50_000, 10_000, 3)).toBe(0);
  });
});
