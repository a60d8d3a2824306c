import { describe, expect, it } from 'vitest';
import { oneReadAtATime } from './one-read-at-a-time';

function pending() {
  const reads: ((value: number) => void)[] = [];
  const failures: (() => void)[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      reads.push(resolve);
      failures.push(() => {
        reject(new Error('down'));
      });
    });
  return { read, reads, failures };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('oneReadAtATime', () => {
  it.each([
    { asks: 1, reads: 1 },
    { asks: 2, reads: 2 },
    { asks: 5, reads: 2 },
  ])('$asks asks during one read make $reads reads', async ({ asks, reads }) => {
    const { read, reads: started } = pending();
    const seen: number[] = [];
    const reread = oneReadAtATime(
      read,
      (value) => seen.push(value),
      () => false,
    );
    for (let ask = 0; ask < asks; ask++) reread();
    for (let index = 0; index < reads; index++) {
      expect(started).toHaveLength(index + 1);
      started[index]?.(index);
      await settle();
    }
    expect(started).toHaveLength(reads);
    expect(seen).toEqual([...Array(reads).keys()]);
  });

  it('a failed read keeps the last value; a stopped view reads no more', async () => {
    const { read, reads, failures } = pending();
    const seen: number[] = [];
    let stopped = false;
    const reread = oneReadAtATime(
      read,
      (value) => seen.push(value),
      () => stopped,
    );
    reread();
    reread();
    failures[0]?.();
    await settle();
    expect(seen).toEqual([]);
    expect(reads).toHaveLength(2);
    reread();
    stopped = true;
    reads[1]?.(7);
    await settle();
    expect(seen).toEqual([7]);
    expect(reads).toHaveLength(2);
  });
});
