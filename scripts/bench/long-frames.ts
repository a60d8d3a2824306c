// Where the long animation frames of a phase went: script, the frame's own style and layout, and the
// scripts by invoker (an event listener, a timer, a message handler…), largest first.
import type { LongFrame } from './console-probe';

export interface LongFrameSummary {
  frames: number;
  totalMs: number;
  scriptMs: number;
  /** Style and layout forced by scripts (inside scriptMs). */
  forcedStyleLayoutMs: number;
  /** The frames' own style and layout, after their scripts. */
  styleLayoutMs: number;
  /** Script time per invoker, largest first, at most `top`. */
  invokers: { invoker: string; ms: number; count: number }[];
}

export function summariseLongFrames(frames: readonly LongFrame[], top = 8): LongFrameSummary {
  const byInvoker = new Map<string, { ms: number; count: number }>();
  let scriptMs = 0;
  let forcedStyleLayoutMs = 0;
  for (const frame of frames) {
    for (const script of frame.scripts) {
      scriptMs += script.duration;
      forcedStyleLayoutMs += script.forcedStyleLayoutMs;
      const entry = byInvoker.get(script.invoker) ?? { ms: 0, count: 0 };
      entry.ms += script.duration;
      entry.count += 1;
      byInvoker.set(script.invoker, entry);
    }
  }
  return {
    frames: frames.length,
    totalMs: frames.reduce((sum, frame) => sum + frame.duration, 0),
    scriptMs,
    forcedStyleLayoutMs,
    styleLayoutMs: frames.reduce((sum, frame) => sum + frame.styleLayoutMs, 0),
    invokers: [...byInvoker]
      .map(([invoker, entry]) => ({ invoker, ...entry }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top),
  };
}
