import { describe, expect, it } from 'vitest';
import type { SIPClusterSpec } from '../../types/crds/sip-cluster';
import { hostPoolOf } from './host-pool';
import type { HostVerdict } from './host-verdict';
import { scheduleHosts } from './schedule-hosts';
import { CLUSTER, fleet, host, nodeSet, NS, RACK_KEY, SERVER_KEY, type HostOptions } from './test-fixtures';

const DETACHED = 'baremetalhost.metal3.io/detached';

/** Each host's verdict for each role, as `take:kept`, `take:new` or `reason (detail)`. */
function verdicts(
  specs: Record<number, HostOptions>,
  nodes: SIPClusterSpec['nodes'],
  edit: (hosts: ReturnType<typeof fleet>['hosts']) => void = () => undefined,
): Record<string, Record<string, string>> {
  const { hosts } = fleet(specs);
  edit(hosts);
  const schedule = scheduleHosts({
    nodes,
    namespace: NS,
    name: CLUSTER,
    hosts: hostPoolOf(hosts),
    explain: true,
  });
  const text = (verdict: HostVerdict) =>
    verdict.take
      ? `take:${verdict.take}`
      : `${verdict.exclusion.reason}${verdict.exclusion.detail ? ` (${verdict.exclusion.detail})` : ''}`;
  return Object.fromEntries(
    schedule.roles.map((role) => [
      role.role,
      Object.fromEntries(role.verdicts.map((verdict) => [verdict.host.metadata.name ?? '', text(verdict)])),
    ]),
  );
}

const worker = (rack: number, more: HostOptions = {}): HostOptions => ({ flavor: 'worker', rack, ...more });

describe('per-host verdicts of the SIP scheduler', () => {
  it.each<{ name: string; host: HostOptions; verdict: string }>([
    { name: 'a free matching host is taken', host: worker(1), verdict: 'take:new' },
    {
      name: 'a host of another cluster is in that cluster',
      host: worker(1, { owner: ['tenant-b', 'other', 'Worker'] }),
      verdict: 'labelled for SIPCluster tenant-b/other',
    },
    {
      name: 'labels that fail the selector name the requirement',
      host: { flavor: 'control-plane', rack: 1 },
      verdict: 'labels do not match (rackpilot.io/flavor=worker)',
    },
    { name: 'a powered-off host', host: worker(1, { online: false }), verdict: 'powered off' },
    { name: 'a host still inspecting', host: worker(1, { state: 'inspecting' }), verdict: 'inspecting' },
    {
      name: 'a host without networkData',
      host: worker(1, { networkData: false }),
      verdict: 'no spec.networkData',
    },
    {
      name: 'a host without the topology label',
      host: worker(1, { labels: { [RACK_KEY]: undefined } }),
      verdict: `no ${RACK_KEY} label`,
    },
  ])('$name', ({ host: options, verdict }) => {
    expect(verdicts({ 1: options }, { Worker: nodeSet('worker', 1, 0, RACK_KEY) }).Worker).toEqual({
      node01: verdict,
    });
  });

  it('a detached or errored host is out with that reason', () => {
    const result = verdicts(
      { 1: worker(1), 2: worker(2) },
      { Worker: nodeSet('worker', 2) },
      ([first, second]) => {
        if (!first || !second) throw new Error('two hosts expected');
        first.metadata.annotations = { [DETACHED]: '' };
        second.status = { ...second.status, operationalStatus: 'error' };
      },
    );
    expect(result.Worker).toEqual({ node01: 'detached', node02: 'in error' });
  });

  it('a consumed host is grouped by the consumer kind, named in the detail', () => {
    const consumed = host(1, worker(1));
    consumed.spec.consumerRef = { kind: 'Metal3Machine', name: 'm1', namespace: NS };
    const schedule = scheduleHosts({
      nodes: { Worker: nodeSet('worker', 1) },
      namespace: NS,
      name: CLUSTER,
      hosts: hostPoolOf([consumed]),
      explain: true,
    });
    expect(schedule.roles[0]?.verdicts[0]).toMatchObject({
      exclusion: {
        step: 'claimed',
        reason: 'consumed by Metal3Machine',
        detail: `consumed by Metal3Machine ${NS}/m1`,
      },
    });
  });

  it('anti-affinity names the host that holds the value; an earlier role and surplus hosts say so', () => {
    const result = verdicts(
      { 1: worker(1), 2: worker(1), 3: worker(1), 4: worker(2) },
      { ControlPlane: nodeSet('worker', 1), Worker: nodeSet('worker', 2, 0, RACK_KEY) },
    );
    expect(result.ControlPlane).toEqual({
      node01: 'take:new',
      node02: 'fits, not needed: the role has enough',
      node03: 'fits, not needed: the role has enough',
      node04: 'fits, not needed: the role has enough',
    });
    expect(result.Worker).toEqual({
      node01: 'chosen for ControlPlane',
      node02: 'take:new',
      node03: `${RACK_KEY} already used (anti-affinity) (${RACK_KEY}=r1 is ${NS}/node02's)`,
      node04: 'take:new',
    });
  });

  it('the cluster own hosts: kept, released, or held by the other role', () => {
    const result = verdicts(
      {
        1: worker(1, { owner: [NS, CLUSTER, 'Worker'] }),
        2: worker(2, { owner: [NS, CLUSTER, 'Worker'] }),
        3: { flavor: 'control-plane', rack: 3, owner: [NS, CLUSTER, 'ControlPlane'] },
      },
      { Worker: nodeSet('worker', 1, 0, SERVER_KEY) },
    );
    expect(result.Worker).toEqual({
      node01: 'take:kept',
      node02: 'released: more hosts than wanted',
      node03: 'in this cluster as ControlPlane',
    });
  });

  it('explain does not change what is selected', () => {
    const specs = { 1: worker(1), 2: worker(1), 3: worker(2), 4: worker(3, { online: false }) };
    const nodes = { Worker: nodeSet('worker', 2, 0, RACK_KEY) };
    const { hosts } = fleet(specs);
    const plain = scheduleHosts({
      nodes,
      namespace: NS,
      name: CLUSTER,
      hosts: hostPoolOf(hosts),
      spreadBy: 'x/y',
    });
    const explained = scheduleHosts({
      nodes,
      namespace: NS,
      name: CLUSTER,
      hosts: hostPoolOf(hosts),
      spreadBy: 'x/y',
      explain: true,
    });
    const names = (schedule: typeof plain) => schedule.roles[0]?.selected.map((h) => h.metadata.name);
    expect(names(explained)).toEqual(names(plain));
    expect(explained.roles[0]?.matching).toBe(4);
    expect(explained.roles[0]?.candidates).toEqual({ available: 3, 'powered off': 1 });
  });
});
