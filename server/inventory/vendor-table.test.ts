import { describe, expect, it } from 'vitest';
import { VendorTable } from './vendor-table';

const tableOf = (registry: Record<string, string>, indent?: number) =>
  VendorTable.fromRegistryJson(Buffer.from(JSON.stringify(registry, null, indent)));

describe('VendorTable.fromRegistryJson', () => {
  it('keeps the first line of each entry, trimmed, under a prefix of either case', () => {
    const table = tableOf(
      {
        '3cecef': 'Super Micro Computer, Inc.\n980 Rock Ave\nSan Jose CA 95131\nUnited States',
        '001B21': '  Intel Corporate \nLot 8',
        AAAAAA: '',
      },
      1,
    );
    expect(table.get('3CECEF')).toBe('Super Micro Computer, Inc.');
    expect(table.get('3cecef')).toBe('Super Micro Computer, Inc.');
    expect(table.get('001b21')).toBe('Intel Corporate');
    expect(table.get('AAAAAA')).toBeUndefined();
    expect(table.get('3CECEE')).toBeUndefined();
  });

  it('decodes escapes and UTF-8 in names', () => {
    const table = tableOf({
      '000001': 'Quote "Q" \\ Slash\tTab\nStreet',
      '000002': 'Société Générale Électronique\nParis',
      '000003': 'Cafe\u0301 深圳',
    });
    expect(table.get('000001')).toBe('Quote "Q" \\ Slash\tTab');
    expect(table.get('000002')).toBe('Société Générale Électronique');
    expect(table.get('000003')).toBe('Cafe\u0301 深圳');
  });

  it('finds every prefix of each length, whatever the order it was listed in', () => {
    const registry: Record<string, string> = {};
    const prefixes = [
      'FFFFFF',
      '000000',
      '7A0000',
      '100648A',
      '0000000',
      '001BC5001',
      'FFFFFFFFF',
      '123456789',
    ];
    for (const prefix of prefixes) registry[prefix] = `Vendor ${prefix}`;
    const table = tableOf(registry);
    for (const prefix of prefixes) expect(table.get(prefix)).toBe(`Vendor ${prefix}`);
    expect(table.get('12345678A')).toBeUndefined();
    expect(table.get('12345')).toBeUndefined();
    expect(table.get('GGGGGG')).toBeUndefined();
  });

  it('reads an empty registry', () => {
    expect(VendorTable.fromRegistryJson(Buffer.from(' { } ')).get('000000')).toBeUndefined();
  });

  it.each([
    ['[]', /expected \{ at byte 0/],
    ['{"000000" "A"}', /expected : at byte 10/],
    ['{"000000": "A"', /expected \} at byte 14/],
    ['{"000000": "A', /string at byte 11 is not closed/],
    ['{"00000": "A"}', /prefix "00000" is not 6, 7 or 9 hex digits/],
    ['{"00000X": "A"}', /prefix "00000X" is not 6, 7 or 9 hex digits/],
  ])('refuses %s with a clear error', (json, message) => {
    expect(() => VendorTable.fromRegistryJson(Buffer.from(json))).toThrow(message);
  });
});
