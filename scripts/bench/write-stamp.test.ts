import { describe, expect, it } from 'vitest';
import { quantile } from './bench-statistics';
import {
  attributePaints,
  formatStamp,
  lastWrites,
  parseStamps,
  writeToPaint,
  type KeyedWrite,
} from './write-stamp';

const T = 1_764_180_000_000;

describe('stamps', () => {
  it('round-trips through text and stays a valid label value', () => {
    const text = formatStamp({ seq: 42, writtenAt: T + 7 });
    expect(text).toMatch(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/);
    expect(parseStamps(`worker · ${text} · Powered on`)).toEqual([{ seq: 42, writtenAt: T + 7 }]);
  });

  it('finds every stamp in a row of cells and ignores look-alikes', () => {
    const text = `r1-cp-01-0000rpb-1-${T}r1-cp-01-0001 rpb-2-${T + 5} rpb-3-123 rpb-x-${T}`;
    expect(parseStamps(text).map((stamp) => stamp.seq)).toEqual([1, 2]);
  });
});

describe('writeToPaint', () => {
  const write = (key: string, seq: number, writtenAt: number): KeyedWrite => ({ key, seq, writtenAt });

  it('measures a painted write from its own paint', () => {
    const result = writeToPaint([write('a', 1, T)], new Map([[1, T + 120]]));
    expect(result).toEqual({ latencies: [120], lost: [], slowest: [{ ...write('a', 1, T), ms: 120 }] });
  });

  it('counts an overtaken write as shown when a later write of the same object is painted', () => {
    const writes = [write('a', 1, T), write('a', 2, T + 10), write('b', 3, T + 20)];
    const result = writeToPaint(
      writes,
      new Map([
        [2, T + 260],
        [3, T + 270],
      ]),
    );
    expect(result.latencies).toEqual([250, 250, 260]);
    expect(result.lost).toEqual([]);
  });

  it('takes the earliest paint at or after a write, never one of another object', () => {
    const writes = [write('a', 1, T), write('a', 2, T + 10), write('a', 3, T + 20), write('b', 4, T)];
    const result = writeToPaint(
      writes,
      new Map([
        [1, T + 100],
        [3, T + 50],
      ]),
    );
    expect(result.latencies).toEqual([30, 40, 50]);
    expect(result.lost).toEqual([write('b', 4, T)]);
  });

  it('reports writes after the last paint of their object as lost', () => {
    const writes = [write('a', 1, T), write('a', 2, T + 10)];
    expect(writeToPaint(writes, new Map([[1, T + 90]])).lost).toEqual([write('a', 2, T + 10)]);
  });

  it('feeds the bench statistics: p99 of write → paint', () => {
    const writes = Array.from({ length: 100 }, (_, i) => write(`k${i}`, i, T));
    const paints = new Map(writes.map((w) => [w.seq, T + w.seq + 1]));
    expect(quantile(writeToPaint(writes, paints).latencies, 0.99)).toBe(100);
  });

  it('names the five slowest writes shown, slowest first', () => {
    const writes = Array.from({ length: 8 }, (_, i) => write(`k${i}`, i, T + i));
    const paints = new Map(writes.map((w) => [w.seq, T + 100 * w.seq]));
    expect(writeToPaint(writes, paints).slowest.map(({ seq, ms }) => [seq, ms])).toEqual([
      [7, 693],
      [6, 594],
      [5, 495],
      [4, 396],
      [3, 297],
    ]);
  });
});

describe('lastWrites', () => {
  it('keeps the highest sequence number per object', () => {
    const last = lastWrites([
      { key: 'a', seq: 3, writtenAt: T },
      { key: 'a', seq: 1, writtenAt: T },
      { key: 'b', seq: 2, writtenAt: T },
    ]);
    expect([...last.values()].map((w) => w.seq)).toEqual([3, 2]);
  });
});

describe('attributePaints', () => {
  const write = (key: string, seq: number, writtenAt: number): KeyedWrite => ({ key, seq, writtenAt });
  const looks = new Map([
    [1, 'off'],
    [2, 'ok'],
    [3, 'off'],
    [4, 'off'],
  ]);

  it('takes the first change of the written object to the value its write leads to, not before the write', () => {
    const painted = attributePaints(
      [write('a', 1, T), write('a', 2, T + 1000), write('b', 3, T + 10)],
      [
        { key: 'b', value: 'off', at: T + 5 },
        { key: 'a', value: 'off', at: T + 200 },
        { key: 'b', value: 'off', at: T + 300 },
        { key: 'a', value: 'ok', at: T + 1250 },
      ],
      (seq) => looks.get(seq),
    );
    expect([...painted]).toEqual([
      [1, T + 200],
      [2, T + 1250],
      [3, T + 300],
    ]);
  });

  it('leaves out a write whose value never showed, for writeToPaint to judge', () => {
    const writes = [write('a', 4, T)];
    const painted = attributePaints(writes, [{ key: 'a', value: 'ok', at: T + 50 }], (seq) => looks.get(seq));
    expect(painted.size).toBe(0);
    expect(writeToPaint(writes, painted).lost).toEqual(writes);
  });
});
