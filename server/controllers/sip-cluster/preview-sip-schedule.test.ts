import { describe, expect, it } from 'vitest';
import { previewSipSchedule } from './preview-sip-schedule';
import { fleet, nodeSet, NS, RACK_KEY, SERVER_KEY } from './test-fixtures';

describe('previewSipSchedule', () => {
  it('counts matching and schedulable hosts per role, ControlPlane first', () => {
    const { hosts } = fleet({
      1: { flavor: 'control-plane', rack: 1 },
      2: { flavor: 'control-plane', rack: 1 },
      3: { flavor: 'control-plane', rack: 2 },
      4: { flavor: 'worker', rack: 1, server: 7 },
      5: { flavor: 'worker', rack: 1, server: 7 },
      6: { flavor: 'worker', rack: 1, server: 8, networkData: false },
      7: { flavor: 'worker', owner: ['tenant-b', 'other', 'Worker'] },
    });
    const spec = {
      nodes: {
        Worker: nodeSet('worker', 2, 1, SERVER_KEY),
        ControlPlane: nodeSet('control-plane', 1, 1, RACK_KEY),
      },
      services: {},
    };
    expect(previewSipSchedule(spec, NS, 'new-cluster', hosts)).toEqual([
      { role: 'ControlPlane', wanted: 2, matching: 3, schedulable: 2, shortfall: 0 },
      { role: 'Worker', wanted: 3, matching: 3, schedulable: 1, shortfall: 2 },
    ]);
  });
});
