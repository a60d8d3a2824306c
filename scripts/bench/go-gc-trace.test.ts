import { describe, expect, it } from 'vitest';
import { goGcCycles } from './go-gc-trace';

const GCTRACE = [
  'gc 1 @0.120s 0%: 0.31+14+1.8 ms clock, 0.62+0.22/0.41/0.23+3.7 ms cpu, 3->4->1 MB, 4 MB goal, 0 MB stacks, 0 MB globals, 2 P',
  'I1207 23:41:02.357029   31335 logging.go:55] a line of klog’s',
  'gc 85 @512.345s 3%: 0.045+210+0.12 ms clock, 11+52/105/0+0.25 ms cpu, 610->650->320 MB, 640 MB goal, 0 MB stacks, 0 MB globals, 2 P (forced)',
].join('\n');

describe('goGcCycles', () => {
  it('reads when, how long the concurrent mark ran and its assist and background CPU from gctrace lines', () => {
    expect(goGcCycles(GCTRACE)).toEqual([
      { atMs: 120, markMs: 14, assistCpuMs: 0.22, backgroundCpuMs: 0.41, heap: '3->4->1 MB' },
      { atMs: 512_345, markMs: 210, assistCpuMs: 52, backgroundCpuMs: 105, heap: '610->650->320 MB' },
    ]);
  });
});
