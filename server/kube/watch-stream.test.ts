import { describe, expect, it } from 'vitest';
import { LineSplitter } from './watch-stream';

describe('LineSplitter', () => {
  it('returns whole lines, joining a line split across chunks', () => {
    const splitter = new LineSplitter(100);
    expect(splitter.push(Buffer.from('{"a":1}\n{"b"'))).toEqual(['{"a":1}']);
    expect(splitter.push(Buffer.from(':2}'))).toEqual([]);
    expect(splitter.push(Buffer.from('\n{"c":3}\n'))).toEqual(['{"b":2}', '{"c":3}']);
  });

  it('keeps a multi-byte character split between chunks whole', () => {
    const splitter = new LineSplitter(100);
    const bytes = Buffer.from('"ü"\n');
    expect(splitter.push(bytes.subarray(0, 2))).toEqual([]);
    expect(splitter.push(bytes.subarray(2))).toEqual(['"ü"']);
  });

  it('refuses to hold an unfinished line beyond its limit', () => {
    const splitter = new LineSplitter(8);
    expect(splitter.push(Buffer.from('12345'))).toEqual([]);
    expect(() => splitter.push(Buffer.from('6789'))).toThrow(/longer than 8 bytes/);
  });
});
