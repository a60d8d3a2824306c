import { describe, expect, it } from 'vitest';
import { longTasks, totalTimeIn, type TimedProfile } from './cpu-profile-long-tasks';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

// (root) 1 → handle 2 → render 3 → render 4 (recursion); (root) → (idle) 5; (root) → (garbage collector) 6
const nodes: TimedProfile['nodes'] = [
  { id: 1, callFrame: frame('(root)'), children: [2, 5, 6] },
  { id: 2, callFrame: frame('handle', 'file:///app/server/a.ts', 9), children: [3] },
  { id: 3, callFrame: frame('render', 'file:///app/server/b.ts', 0), children: [4] },
  { id: 4, callFrame: frame('render', 'file:///app/server/b.ts', 0) },
  { id: 5, callFrame: frame('(idle)') },
  { id: 6, callFrame: frame('(garbage collector)') },
];

describe('long tasks in a CPU profile', () => {
  it('finds stretches without an idle sample that last at least the threshold', () => {
    // Samples every 10 ms: busy 30 ms, idle, busy 60 ms, idle, busy to the last sample, 40 ms.
    const samples = [2, 3, 4, 5, 2, 2, 6, 3, 4, 2, 5, 3, 3, 6, 2, 2];
    const profile: TimedProfile = {
      nodes,
      samples,
      timeDeltas: samples.map(() => 10_000),
      startTime: 0,
      endTime: 160_000,
    };
    expect(longTasks(profile, 50)).toEqual([
      { startMs: 50, durationMs: 60, sampleIndexes: [4, 5, 6, 7, 8, 9] },
    ]);
    expect(longTasks(profile, 30).map((task) => task.durationMs)).toEqual([30, 60, 40]);
  });

  it('counts a function once per sample, callers included, largest first', () => {
    const profile: TimedProfile = { nodes, samples: [4, 3, 2, 6], startTime: 0, endTime: 40 };
    expect(totalTimeIn(profile, [0, 1, 2, 3], 3)).toEqual([
      { name: 'handle (a.ts:10)', samples: 3, share: 0.75 },
      { name: 'render (b.ts:1)', samples: 2, share: 0.5 },
      { name: '(garbage collector)', samples: 1, share: 0.25 },
    ]);
  });
});
