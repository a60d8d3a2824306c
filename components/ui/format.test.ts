import { describe, expect, it } from 'vitest';
import { ageText, bytesText, mebibytesText, timeText } from './format';

const now = Date.parse('2026-11-22T12:00:00Z');

describe('format', () => {
  it.each([
    ['2026-11-22T11:59:15Z', '45s'],
    ['2026-11-22T11:48:00Z', '12m'],
    ['2026-11-22T07:00:00Z', '5h'],
    ['2026-11-19T12:00:00Z', '3d'],
    ['2023-11-22T12:00:00Z', '3y'],
    ['2026-11-22T12:00:05Z', '0s'],
    [undefined, '—'],
    ['garbage', '—'],
  ])('age of %s is %s', (iso, text) => {
    expect(ageText(iso, now)).toBe(text);
  });

  it('formats sizes and times', () => {
    expect(bytesText(480_103_981_056)).toBe('480 GB');
    expect(bytesText(1_920_383_410_176)).toBe('1.9 TB');
    expect(bytesText(512)).toBe('512 B');
    expect(mebibytesText(262_144)).toBe('256 GiB');
    expect(mebibytesText(1536)).toBe('1.5 GiB');
    expect(timeText('2026-11-22T03:04:05.123Z')).toBe('2026-11-22 03:04:05 UTC');
  });
});
