import { describe, expect, it } from 'vitest';
import { inSlices } from './in-slices';

describe('inSlices', () => {
  it('visits every item in order, yielding to the event loop between slices', async () => {
    const seen: string[] = [];
    const done = inSlices([1, 2, 3, 4, 5], 2, (n) => seen.push(String(n)));
    // The first slice runs at once; the rest wait for turns of the loop this test's timer gets in between.
    expect(seen).toEqual(['1', '2']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.length).toBeLessThan(5);
    await done;
    expect(seen).toEqual(['1', '2', '3', '4', '5']);
  });

  it('starts no further slice once its signal is aborted', async () => {
    const seen: number[] = [];
    const controller = new AbortController();
    const done = inSlices([1, 2, 3, 4, 5], 2, (n) => seen.push(n), controller.signal);
    controller.abort();
    await done;
    expect(seen).toEqual([1, 2]);
  });

  it('does nothing for no items', async () => {
    const seen: number[] = [];
    await inSlices([], 10, (n: number) => seen.push(n));
    expect(seen).toEqual([]);
  });
});
