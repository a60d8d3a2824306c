import { describe, expect, it } from 'vitest';
import { HOSTS_PER_GROUP, previewSipSchedule } from './preview-sip-schedule';
import { fleet, nodeSet, NS, RACK_KEY, SERVER_KEY, type HostOptions } from './test-fixtures';

describe('previewSipSchedule', () => {
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

  it('counts matching and schedulable hosts per role, ControlPlane first', () => {
    expect(
      previewSipSchedule(spec, NS, 'new-cluster', hosts).map(
        ({ role, wanted, matching, schedulable, shortfall }) => ({
          role,
          wanted,
          matching,
          schedulable,
          shortfall,
        }),
      ),
    ).toEqual([
      { role: 'ControlPlane', wanted: 2, matching: 3, schedulable: 2, shortfall: 0 },
      { role: 'Worker', wanted: 3, matching: 3, schedulable: 1, shortfall: 2 },
    ]);
  });

  it('names the hosts a role takes and groups the others by reason, most first', () => {
    // The walk starts where the controller's would (spread by namespace/name): here at node05.
    const worker = previewSipSchedule(spec, NS, 'new-cluster', hosts)[1];
    expect(worker?.take).toMatchObject({ count: 1, hosts: [{ name: 'node05' }] });
    expect(worker?.excluded.map(({ reason, count }) => [reason, count])).toEqual([
      ['chosen for ControlPlane', 2],
      ['labelled for SIPCluster tenant-b/other', 1],
      ['labels do not match', 1],
      ['no spec.networkData', 1],
      [`${SERVER_KEY} already used (anti-affinity)`, 1],
    ]);
    expect(worker?.excluded[4]?.hosts).toEqual([
      { namespace: NS, name: 'node04', detail: `${SERVER_KEY}=stl2r1o7 is ${NS}/node05's` },
    ]);
  });

  it('filters hosts by the search, keeps whole counts and names at most HOSTS_PER_GROUP', () => {
    const many: Record<number, HostOptions> = {};
    for (let n = 1; n <= 60; n++) many[n] = { flavor: 'worker', online: n > 50 };
    const { hosts: fleetOf60 } = fleet(many);
    const [all] = previewSipSchedule(
      { nodes: { Worker: nodeSet('worker', 20) }, services: {} },
      NS,
      'c',
      fleetOf60,
    );
    const off = all?.excluded.find((group) => group.reason === 'powered off');
    expect(off).toMatchObject({ count: 50, matched: 50 });
    expect(off?.hosts).toHaveLength(HOSTS_PER_GROUP);
    expect(off?.hosts[0]?.name).toBe('node01');
    expect(all?.shortfall).toBe(10);

    const [found] = previewSipSchedule(
      { nodes: { Worker: nodeSet('worker', 20) }, services: {} },
      NS,
      'c',
      fleetOf60,
      {
        search: 'NODE1',
      },
    );
    expect(found?.excluded.map(({ reason, count, matched }) => [reason, count, matched])).toEqual([
      ['powered off', 50, 10],
    ]);
    expect(found?.take).toMatchObject({ count: 10, matched: 0, hosts: [] });
  });
});
