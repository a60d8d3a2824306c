import { describe, expect, it } from 'vitest';
import { compareText } from './compare-text';

describe('compareText', () => {
  it('orders numbers inside names by value', () => {
    expect(['r10-wk-01', 'r2-wk-01', 'r1-wk-10', 'r1-wk-9'].sort(compareText)).toEqual([
      'r1-wk-9',
      'r1-wk-10',
      'r2-wk-01',
      'r10-wk-01',
    ]);
  });

  it('ignores case and accents, and sorts a missing value as the empty string', () => {
    expect(compareText('Rack-A', 'rack-a')).toBe(0);
    expect(compareText('resume', 'résumé')).toBe(0);
    expect(compareText(undefined, 'a')).toBeLessThan(0);
    expect(compareText(null, '')).toBe(0);
  });

  it('agrees with localeCompare under the same options', () => {
    const names = ['c0010', 'C0009', 'b', 'a-1', 'a-01', 'ä', 'z9', 'z10'];
    const reference = [...names].sort((a, b) =>
      a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }),
    );
    expect([...names].sort(compareText)).toEqual(reference);
  });
});
