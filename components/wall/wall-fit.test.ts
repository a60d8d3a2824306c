import { describe, expect, it } from 'vitest';
import { gridShape, itemsThatFit } from './wall-fit';

describe('gridShape', () => {
  it.each([
    // count, width, height → columns × rows
    [1, 1920, 1000, 1, 1],
    [4, 1920, 1000, 2, 2],
    [5, 1920, 1000, 3, 2],
    [9, 1920, 1000, 3, 3],
    [11, 1920, 1000, 4, 3],
    [11, 3840, 2000, 4, 3],
    [3, 600, 1800, 1, 3],
    [3, 3000, 300, 3, 1],
  ])('%s tiles in %s × %s: %s × %s', (count, width, height, columns, rows) => {
    expect(gridShape(count, width, height)).toEqual({ columns, rows });
  });

  it('always has a cell for every tile', () => {
    for (let count = 1; count <= 40; count += 1) {
      const { columns, rows } = gridShape(count, 1900, 1000);
      expect(columns * rows).toBeGreaterThanOrEqual(count);
      // No whole empty row or column.
      expect(columns * (rows - 1)).toBeLessThan(count);
    }
  });

  it('shapes for a 16:9 screen before the area is measured', () => {
    expect(gridShape(6, 0, 0)).toEqual({ columns: 3, rows: 2 });
    expect(gridShape(0, 1920, 1080)).toEqual({ columns: 1, rows: 1 });
  });
});

describe('itemsThatFit', () => {
  it('counts the items whose bottom is inside the list', () => {
    expect(itemsThatFit([40, 80, 120, 160], 130)).toBe(3);
    expect(itemsThatFit([40, 80], 130)).toBe(2);
    expect(itemsThatFit([40, 80], 10)).toBe(0);
    expect(itemsThatFit([], 100)).toBe(0);
  });

  it('forgives sub-pixel rounding', () => {
    expect(itemsThatFit([40, 80.4], 80)).toBe(2);
  });
});
