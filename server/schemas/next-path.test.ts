import { describe, expect, it } from 'vitest';
import { OFF_SITE_NEXT_VALUES } from '../../tools/probe/finding-09-open-redirect';
import { safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it.each([...OFF_SITE_NEXT_VALUES, ''])('%j → /', (value) => {
    expect(safeNextPath(value)).toBe('/');
  });

  it.each([
    [null, '/'],
    ['/', '/'],
    ['/clusters', '/clusters'],
    ['/clusters?page=2', '/clusters?page=2'],
    ['/hosts?label=rack%3Da1', '/hosts?label=rack%3Da1'],
    ['/hosts?q=a%20b', '/hosts?q=a%20b'],
    ['/clusters/lab/c1#events', '/clusters/lab/c1#events'],
    ['/a/../clusters', '/clusters'],
    ['/javascript:alert(1)', '/javascript:alert(1)'],
  ])('%j → %j', (value, path) => {
    expect(safeNextPath(value)).toBe(path);
  });

  it('is stable: a kept path is kept as it is', () => {
    for (const value of ['/clusters?page=2', '/a b', '/x/./y', '/ä']) {
      const once = safeNextPath(value);
      expect(safeNextPath(once)).toBe(once);
    }
  });
});
