import { describe, expect, it } from 'vitest';
import { summariseLongFrames } from './long-frames';

const frame = (duration: number, styleLayoutMs: number, scripts: [string, number, number][]) => ({
  start: 0,
  duration,
  styleLayoutMs,
  scripts: scripts.map(([invoker, d, forced]) => ({ invoker, duration: d, forcedStyleLayoutMs: forced })),
});

describe('summariseLongFrames', () => {
  it('adds script and layout time and ranks invokers by their script time', () => {
    const summary = summariseLongFrames(
      [
        frame(80, 30, [
          ['MessagePort.onmessage', 40, 5],
          ['FrameRequestCallback', 5, 0],
        ]),
        frame(60, 10, [['MessagePort.onmessage', 45, 0]]),
        frame(55, 50, []),
      ],
      1,
    );
    expect(summary).toEqual({
      frames: 3,
      totalMs: 195,
      scriptMs: 90,
      forcedStyleLayoutMs: 5,
      styleLayoutMs: 90,
      invokers: [{ invoker: 'MessagePort.onmessage', ms: 85, count: 2 }],
    });
  });

  it('is all zero without frames', () => {
    expect(summariseLongFrames([])).toEqual({
      frames: 0,
      totalMs: 0,
      scriptMs: 0,
      forcedStyleLayoutMs: 0,
      styleLayoutMs: 0,
      invokers: [],
    });
  });
});
