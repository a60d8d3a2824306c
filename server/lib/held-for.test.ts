import { describe, expect, it } from 'vitest';
import { heldFor } from './held-for';

describe('heldFor', () => {
  it('reads once per period, sharing the answer and the read in flight', async () => {
    let clock = 0;
    let reads = 0;
    const held = heldFor(
      1000,
      () => Promise.resolve(++reads),
      () => clock,
    );
    const [first, second] = await Promise.all([held(), held()]);
    expect([first, second]).toEqual([1, 1]);
    clock = 999;
    expect(await held()).toBe(1);
    clock = 1000;
    expect(await held()).toBe(2);
    expect(reads).toBe(2);
  });

  it('does not hold a failed read', async () => {
    let fail = true;
    const held = heldFor(
      1000,
      () => (fail ? Promise.reject(new Error('down')) : Promise.resolve('up')),
      () => 0,
    );
    await expect(held()).rejects.toThrow('down');
    fail = false;
    expect(await held()).toBe('up');
  });
});

describe('heldFor on the wall clock', () => {
  it('holds the answer within the period', async () => {
    let reads = 0;
    const held = heldFor(60_000, () => Promise.resolve(++reads));
    expect([await held(), await held()]).toEqual([1, 1]);
  });
});
