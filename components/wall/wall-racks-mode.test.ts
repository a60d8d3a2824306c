import { describe, expect, it } from 'vitest';
import { parseRacks } from './wall-racks-mode';

describe('parseRacks', () => {
  it('shows the racks with problems unless every rack is asked for', () => {
    expect(parseRacks(null)).toEqual({ mode: 'problems' });
    expect(parseRacks('problems')).toEqual({ mode: 'problems' });
    expect(parseRacks('all')).toEqual({ mode: 'all' });
  });

  it('says on the wall when it ignores a value', () => {
    expect(parseRacks('ALL')).toEqual({
      mode: 'problems',
      note: 'racks=ALL ignored: give racks=all or racks=problems',
    });
    expect(parseRacks('x'.repeat(50)).note).toBe(
      `racks=${'x'.repeat(20)} ignored: give racks=all or racks=problems`,
    );
  });
});
