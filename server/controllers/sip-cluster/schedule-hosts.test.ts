import { describe, expect, it } from 'vitest';
import type { SIPClusterSpec } from '../../types/crds/sip-cluster';
import { hostProblem, readHostFacts } from './host-facts';
import { hostPoolOf } from './host-pool';
import { scheduleHosts, type HostSchedule } from './schedule-hosts';
import {
  CLUSTER,
  FLAVOR_KEY,
  fleet,
  nodeSet,
  NS,
  RACK_KEY,
  SERVER_KEY,
  secretLookup,
  type HostOptions,
} from './test-fixtures';

const cp = (rack: number, more: HostOptions = {}): HostOptions => ({
  flavor: 'control-plane',
  rack,
  ...more,
});
const worker = (rack: number, server?: number, more: HostOptions = {}): HostOptions => ({
  flavor: 'worker',
  rack,
  ...(server === undefined ? {} : { server }),
  ...more,
});
const ours = (role: 'ControlPlane' | 'Worker'): HostOptions => ({ owner: [NS, CLUSTER, role] });

interface RoleOutcome {
  kept?: string[];
  selected?: string[];
  released?: string[];
  shortfall?: number;
}

function run(
  hostSpecs: Record<number, HostOptions>,
  nodes: SIPClusterSpec['nodes'],
  reverse = false,
  exhaustive = false,
): HostSchedule {
  const { hosts, secrets } = fleet(hostSpecs);
  const lookup = secretLookup(secrets);
  return scheduleHosts({
    nodes,
    namespace: NS,
    name: CLUSTER,
    hosts: hostPoolOf(reverse ? [...hosts].reverse() : hosts),
    unusable: (bmh) => hostProblem(readHostFacts(bmh, lookup), ['oam-ipv4']),
    exhaustive,
  });
}

function outcome(schedule: HostSchedule): Record<string, RoleOutcome> {
  const names = (hosts: { metadata: { name?: string } }[]) => hosts.map((h) => h.metadata.name ?? '');
  return Object.fromEntries(
    schedule.roles.map((role) => [
      role.role,
      {
        kept: names(role.kept),
        selected: names(role.selected),
        released: names(role.released),
        shortfall: role.shortfall,
      },
    ]),
  );
}

function expected(roles: Record<string, RoleOutcome>): Record<string, Required<RoleOutcome>> {
  return Object.fromEntries(
    Object.entries(roles).map(([role, o]) => [
      role,
      {
        kept: o.kept ?? [],
        selected: o.selected ?? [],
        released: o.released ?? [],
        shortfall: o.shortfall ?? 0,
      },
    ]),
  );
}

const sampleNodes = {
  ControlPlane: nodeSet('control-plane', 1, 1, RACK_KEY),
  Worker: nodeSet('worker', 1, 1, SERVER_KEY),
};

describe('scheduleHosts', () => {
  it.each<{
    name: string;
    hosts: Record<number, HostOptions>;
    nodes: SIPClusterSpec['nodes'];
    roles: Record<string, RoleOutcome>;
    complete?: boolean;
    strays?: string[];
  }>([
    {
      name: 'schedules available nodes',
      hosts: { 1: cp(1), 2: cp(2), 3: worker(1), 4: worker(2) },
      nodes: sampleNodes,
      roles: { ControlPlane: { selected: ['node01', 'node02'] }, Worker: { selected: ['node03', 'node04'] } },
    },
    {
      name: 'too few control-plane hosts: nothing is labelled for any role',
      hosts: { 1: cp(1), 2: cp(1), 3: worker(1), 4: worker(2) },
      nodes: sampleNodes,
      roles: { ControlPlane: { shortfall: 1 }, Worker: {} },
      complete: false,
    },
    {
      name: 'too few workers: nothing is labelled for any role',
      hosts: { 1: cp(1), 2: cp(2), 3: worker(1) },
      nodes: sampleNodes,
      roles: { ControlPlane: {}, Worker: { shortfall: 1 } },
      complete: false,
    },
    {
      name: 'rack anti-affinity: control plane on distinct racks',
      hosts: { 1: cp(1), 2: cp(1), 3: cp(2), 4: cp(2), 5: worker(1), 6: worker(1) },
      nodes: { ControlPlane: nodeSet('control-plane', 1, 1, RACK_KEY) },
      roles: { ControlPlane: { selected: ['node01', 'node03'] } },
    },
    {
      name: 'host anti-affinity: workers on distinct physical servers',
      hosts: { 3: worker(1, 1), 4: worker(1, 1), 5: worker(1, 2), 6: worker(2, 2) },
      nodes: { Worker: nodeSet('worker', 2, 0, SERVER_KEY) },
      roles: { Worker: { selected: ['node03', 'node05'] } },
    },
    {
      name: 'a host without the topology label is not eligible',
      hosts: { 1: worker(1, 1, { labels: { [SERVER_KEY]: undefined } }), 2: worker(1, 2) },
      nodes: { Worker: nodeSet('worker', 1, 0, SERVER_KEY) },
      roles: { Worker: { selected: ['node02'] } },
    },
    {
      name: 'standby hosts are counted and labelled like active ones',
      hosts: { 1: cp(1), 2: cp(1), 3: cp(1), 4: cp(1) },
      nodes: { ControlPlane: nodeSet('control-plane', 1, 2) },
      roles: { ControlPlane: { selected: ['node01', 'node02', 'node03'] } },
    },
    {
      name: 'hosts without networkData are skipped',
      hosts: { 1: cp(1, { networkData: false }), 2: cp(2) },
      nodes: { ControlPlane: nodeSet('control-plane', 1) },
      roles: { ControlPlane: { selected: ['node02'] } },
    },
    {
      name: 'hosts whose networkData or BMC Secret is missing are skipped',
      hosts: { 1: cp(1, { withoutNetworkSecret: true }), 2: cp(2, { withoutBmcSecret: true }), 3: cp(3) },
      nodes: { ControlPlane: nodeSet('control-plane', 1) },
      roles: { ControlPlane: { selected: ['node03'] } },
    },
    {
      name: 'hosts of other clusters are never taken, even with the same name elsewhere',
      hosts: {
        1: cp(1, { owner: ['tenant-b', CLUSTER, 'ControlPlane'] }),
        2: cp(2, { owner: [NS, 'sub2', 'ControlPlane'] }),
        3: cp(3, { labels: { 'sip.airshipit.org/cluster-name': '' } }),
        4: cp(4),
      },
      nodes: { ControlPlane: nodeSet('control-plane', 2) },
      roles: { ControlPlane: { shortfall: 1 } },
      complete: false,
    },
    {
      name: 'kept hosts stay and count toward the target',
      hosts: { 1: cp(1), 2: cp(2, ours('ControlPlane')), 3: cp(3) },
      nodes: { ControlPlane: nodeSet('control-plane', 1, 1) },
      roles: { ControlPlane: { kept: ['node02'], selected: ['node01'] } },
    },
    {
      name: "kept hosts' topology values are taken",
      hosts: { 1: cp(1), 2: cp(1, ours('ControlPlane')), 3: cp(2) },
      nodes: { ControlPlane: nodeSet('control-plane', 1, 1, RACK_KEY) },
      roles: { ControlPlane: { kept: ['node02'], selected: ['node03'] } },
    },
    {
      name: 'a kept host stays even if it no longer matches the selector',
      hosts: { 1: worker(1, 1, ours('ControlPlane')), 2: cp(2) },
      nodes: { ControlPlane: nodeSet('control-plane', 1) },
      roles: { ControlPlane: { kept: ['node01'] } },
    },
    {
      name: 'a satisfied cluster with no spare hosts is complete',
      hosts: {
        1: cp(1, ours('ControlPlane')),
        2: cp(2, ours('ControlPlane')),
        3: worker(1, 3, ours('Worker')),
        4: worker(1, 4, ours('Worker')),
      },
      nodes: sampleNodes,
      roles: { ControlPlane: { kept: ['node01', 'node02'] }, Worker: { kept: ['node03', 'node04'] } },
    },
    {
      name: 'scale down releases the last hosts in stable order',
      hosts: {
        1: cp(1, ours('ControlPlane')),
        2: cp(2, ours('ControlPlane')),
        3: cp(3, ours('ControlPlane')),
      },
      nodes: { ControlPlane: nodeSet('control-plane', 1) },
      roles: { ControlPlane: { kept: ['node01'], released: ['node02', 'node03'] } },
    },
    {
      name: 'scale down releases duplicated topology values first',
      hosts: {
        1: cp(1, ours('ControlPlane')),
        2: cp(1, ours('ControlPlane')),
        3: cp(2, ours('ControlPlane')),
      },
      nodes: { ControlPlane: nodeSet('control-plane', 2, 0, RACK_KEY) },
      roles: { ControlPlane: { kept: ['node01', 'node03'], released: ['node02'] } },
    },
    {
      name: 'releases happen even when another role is short',
      hosts: { 1: cp(1, ours('ControlPlane')), 2: cp(2, ours('ControlPlane')), 3: worker(1) },
      nodes: { ControlPlane: nodeSet('control-plane', 1), Worker: nodeSet('worker', 2) },
      roles: { ControlPlane: { kept: ['node01'], released: ['node02'] }, Worker: { shortfall: 1 } },
      complete: false,
    },
    {
      name: 'count 0 releases every host of the role',
      hosts: { 1: cp(1, ours('ControlPlane')) },
      nodes: { ControlPlane: nodeSet('control-plane', 0) },
      roles: { ControlPlane: { released: ['node01'] } },
    },
    {
      name: 'ControlPlane is scheduled before Worker when selectors overlap',
      hosts: { 1: worker(1), 2: worker(2), 3: worker(3) },
      nodes: {
        Worker: {
          labelSelector: { matchExpressions: [{ key: FLAVOR_KEY, operator: 'Exists' }] },
          count: { active: 2 },
        },
        ControlPlane: { labelSelector: { matchLabels: { [FLAVOR_KEY]: 'worker' } }, count: { active: 1 } },
      },
      roles: { ControlPlane: { selected: ['node01'] }, Worker: { selected: ['node02', 'node03'] } },
    },
    {
      name: 'hosts labelled for a role the spec no longer has are strays',
      hosts: {
        1: cp(1, ours('ControlPlane')),
        2: worker(1, 2, ours('Worker')),
        3: worker(1, 3, { owner: [NS, CLUSTER, 'Bogus'] }),
      },
      nodes: { ControlPlane: nodeSet('control-plane', 1) },
      roles: { ControlPlane: { kept: ['node01'] } },
      strays: ['node02', 'node03'],
    },
    {
      name: 'an invalid selector matches nothing',
      hosts: { 1: cp(1) },
      nodes: {
        ControlPlane: {
          labelSelector: { matchExpressions: [{ key: FLAVOR_KEY, operator: 'In' }] },
          count: { active: 1 },
        },
      },
      roles: { ControlPlane: { shortfall: 1 } },
      complete: false,
    },
    {
      name: 'no nodes: nothing to do',
      hosts: { 1: cp(1) },
      nodes: undefined,
      roles: {},
    },
  ])('$name', ({ hosts, nodes, roles, complete = true, strays = [] }) => {
    const schedule = run(hosts, nodes);
    expect(outcome(schedule)).toEqual(expected(roles));
    expect(schedule.complete).toBe(complete);
    expect(schedule.strays.map((h) => h.metadata.name)).toEqual(strays);
    // Same answer whatever order the cache lists hosts in.
    expect(run(hosts, nodes, true)).toEqual(schedule);
  });

  it('reports why matching hosts were skipped, and the numbers behind a shortfall', () => {
    const schedule = run(
      {
        1: worker(1, 1),
        2: worker(1, 1),
        3: worker(1, 2, { networkData: false }),
        4: worker(1, 4, { labels: { [SERVER_KEY]: undefined } }),
        5: worker(1, 5, { withoutNetworkSecret: true }),
        6: cp(1),
      },
      { Worker: nodeSet('worker', 3, 0, SERVER_KEY) },
    );
    const [role] = schedule.roles;
    expect(role).toMatchObject({ wanted: 3, matching: 5, schedulable: 1, shortfall: 2 });
    expect(role?.rule).toBe(`${FLAVOR_KEY}=worker, one per ${SERVER_KEY}`);
    expect(role?.skipped.map(({ host, reason }) => `${host.metadata.name ?? ''}: ${reason}`)).toEqual([
      'node03: no spec.networkData',
      `node04: no ${SERVER_KEY} label`,
      `node05: networkData Secret ${NS}/node05-network-data not found`,
    ]);
  });

  it('takes only free hosts: a consumed one is not even matching; the rest are counted by where they stand', () => {
    const { hosts } = fleet({
      1: worker(1, 1, { state: 'inspecting' }),
      2: worker(1, 2, { state: 'provisioned' }),
      3: worker(1, 3, { online: false }),
      4: worker(1, 4),
      5: worker(1, 5),
      6: worker(1, 6),
      7: worker(1, 7, { state: 'ready' }),
      8: worker(1, 8),
    });
    const [, , , consumed, detached, paused, legacy, errored] = hosts;
    if (!consumed || !detached || !paused || !legacy || !errored) throw new Error('fleet too small');
    consumed.spec.consumerRef = { kind: 'Metal3Machine', name: 'm1', namespace: NS };
    detached.metadata.annotations = { 'baremetalhost.metal3.io/detached': '' };
    paused.metadata.annotations = { 'baremetalhost.metal3.io/paused': '' };
    errored.status = { provisioning: { state: 'available' }, operationalStatus: 'error' };
    const [role] = scheduleHosts({
      nodes: { Worker: nodeSet('worker', 3, 0, SERVER_KEY) },
      namespace: NS,
      name: CLUSTER,
      hosts: hostPoolOf(hosts),
    }).roles;
    expect(role).toMatchObject({ matching: 7, schedulable: 1, shortfall: 2 });
    expect(role?.candidates).toEqual({
      inspecting: 1,
      provisioned: 1,
      'powered off': 1,
      detached: 1,
      paused: 1,
      available: 1,
      'in error': 1,
    });
    expect(role?.selected).toEqual([]);
    expect(role?.skipped).toEqual([]);
  });

  it('counts every schedulable host when asked to (the preview), not only the wanted ones', () => {
    const [role] = run(
      { 1: cp(1), 2: cp(2), 3: cp(3) },
      { ControlPlane: nodeSet('control-plane', 1) },
      false,
      true,
    ).roles;
    expect(role).toMatchObject({ matching: 3, schedulable: 3, shortfall: 0 });
    expect(role?.selected.map((h) => h.metadata.name)).toEqual(['node01']);
  });

  it('spreads clusters over the free hosts, deterministically per cluster', () => {
    const { hosts } = fleet({ 1: cp(1), 2: cp(2), 3: cp(3), 4: cp(4), 5: cp(5), 6: cp(6) });
    const pick = (name: string, input: typeof hosts) =>
      scheduleHosts({
        nodes: { ControlPlane: nodeSet('control-plane', 1) },
        namespace: NS,
        name,
        hosts: hostPoolOf(input),
        spreadBy: `${NS}/${name}`,
      }).roles[0]?.selected.map((h) => h.metadata.name);
    const picks = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((name) => pick(name, hosts)?.[0]);
    expect(new Set(picks).size).toBeGreaterThan(1);
    expect(pick('a', [...hosts].reverse())).toEqual(pick('a', hosts));
  });

  it('stops looking once a role has enough hosts (a reconcile)', () => {
    const [role] = run({ 1: cp(1), 2: cp(2), 3: cp(3) }, { ControlPlane: nodeSet('control-plane', 1) }).roles;
    expect(role).toMatchObject({ schedulable: 1, shortfall: 0 });
    expect(role?.selected.map((h) => h.metadata.name)).toEqual(['node01']);
  });

  it('looks at no free host for a role that already holds what it wants', () => {
    const { hosts } = fleet({ 1: cp(1, ours('ControlPlane')), 2: cp(2), 3: cp(3) });
    const looked: string[] = [];
    const { roles } = scheduleHosts({
      nodes: { ControlPlane: nodeSet('control-plane', 1) },
      namespace: NS,
      name: CLUSTER,
      hosts: hostPoolOf(hosts),
      unusable: (bmh) => {
        looked.push(bmh.metadata.name ?? '');
        return undefined;
      },
    });
    expect(looked).toEqual([]);
    expect(roles[0]?.kept.map((host) => host.metadata.name)).toEqual(['node01']);
    expect(roles[0]).toMatchObject({ selected: [], shortfall: 0 });
  });
});
