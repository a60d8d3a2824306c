import { describe, expect, it } from 'vitest';
import type { HardwareState } from '../../schemas/hardware-list';
import { clusterRemoval, hardwareFate, type HardwareFate } from './plunder-cluster-removal';
import type { PlunderMachineView } from './plunder-cluster-row';

const machine = (over: Partial<PlunderMachineView>): PlunderMachineView => ({
  name: 'm',
  role: 'worker',
  phase: 'Waiting',
  ready: false,
  deleting: false,
  ...over,
});

describe('hardwareFate', () => {
  it.each<[HardwareState | undefined, HardwareFate]>([
    [undefined, 'none'],
    ['claimed', 'unleased'],
    ['provisioning', 'wiped'],
    ['provisioned', 'wiped'],
    ['failed', 'wiped'],
  ])('%s → %s', (state, fate) => {
    expect(hardwareFate(state)).toBe(fate);
  });
});

describe('clusterRemoval', () => {
  it('lists each machine with its Cluster API Machine and what becomes of its hardware', () => {
    expect(
      clusterRemoval([
        machine({
          name: 'a',
          capiMachine: 'a',
          mac: '02:00:00:00:00:01',
          ip: '10.0.0.10',
          hardware: 'provisioned',
        }),
        machine({ name: 'b', mac: '02:00:00:00:00:02', ip: '10.0.0.11', hardware: 'claimed' }),
        // A MAC named in the spec but not held: nothing happens to that hardware.
        machine({ name: 'c', mac: '02:00:00:00:00:03' }),
      ]),
    ).toEqual({
      machines: [
        { name: 'a', capiMachine: 'a', mac: '02:00:00:00:00:01', ip: '10.0.0.10', fate: 'wiped' },
        { name: 'b', mac: '02:00:00:00:00:02', ip: '10.0.0.11', fate: 'unleased' },
        { name: 'c', fate: 'none' },
      ],
      capiMachines: 1,
    });
  });

  it('is empty for a cluster without machines', () => {
    expect(clusterRemoval([])).toEqual({ machines: [], capiMachines: 0 });
  });
});
