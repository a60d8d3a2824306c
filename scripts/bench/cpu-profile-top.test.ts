import { describe, expect, it } from 'vitest';
import { topSelfTime, type CpuProfile } from './cpu-profile-top';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

describe('CPU profile summary', () => {
  it('ranks functions by self time, merging nodes of the same function', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)') },
        { id: 2, callFrame: frame('parse', 'file:///app/server/kube/kube-request.ts', 41) },
        { id: 3, callFrame: frame('parse', 'file:///app/server/kube/kube-request.ts', 41) },
        { id: 4, callFrame: frame('', 'file:///app/x.js', 9) },
        { id: 5, callFrame: frame('(garbage collector)') },
      ],
      samples: [2, 3, 2, 4, 5, 2, 3, 4],
      startTime: 0,
      endTime: 8000,
    };
    expect(topSelfTime(profile, 2)).toEqual([
      { name: 'parse (kube-request.ts:42)', ms: 5, share: 5 / 8 },
      { name: '(anonymous) (x.js:10)', ms: 2, share: 2 / 8 },
    ]);
  });

  it('says nothing for a profile without samples', () => {
    expect(
      topSelfTime({ nodes: [{ id: 1, callFrame: frame('(root)') }], startTime: 0, endTime: 5 }, 5),
    ).toEqual([]);
  });
});
