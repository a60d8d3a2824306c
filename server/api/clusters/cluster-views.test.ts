import { describe, expect, it } from 'vitest';
import { defaultSipClusterForm } from '../../schemas/sip-cluster-form';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { SIPCluster, SIPClusterCondition } from '../../types/crds/sip-cluster';
import { buildHostRow } from '../hosts/host-row';
import { buildClusterDetail } from './cluster-detail';
import { clusterQuerySchema, queryClusters, type ClusterQueryInput } from './cluster-query';
import { buildClusterRow, countClusterHosts, readyOf } from './cluster-row';
import { nodePortConflicts, nodePortsOf } from './port-conflicts';
import { EVERY_NAMESPACE, namespaceScope } from '../../access/namespace-scope';
import { parseBinding } from '../../access/role-bindings';

function cluster(
  name: string,
  options: {
    namespace?: string;
    ready?: Partial<SIPClusterCondition>;
    created?: string;
    generation?: number;
    ports?: { cp: number; worker: [number, number]; jump: number };
    workers?: number;
  } = {},
): SIPCluster {
  const ports = options.ports ?? { cp: 30001, worker: [30002, 30011], jump: 30000 };
  return {
    apiVersion: 'airship.airshipit.org/v1',
    kind: 'SIPCluster',
    metadata: {
      name,
      namespace: options.namespace ?? 'tenants',
      uid: `uid-${name}`,
      generation: options.generation ?? 1,
      creationTimestamp: (options.created ?? '2026-01-01T00:00:00Z') as unknown as Date,
    },
    spec: {
      nodes: {
        ControlPlane: {
          labelSelector: { matchLabels: { 'rackpilot.io/flavor': 'control-plane' } },
          topologyKey: 'rackpilot.io/rack',
          count: { active: 1, standby: 1 },
        },
        Worker: { count: { active: options.workers ?? 2 } },
      },
      services: {
        loadBalancerControlPlane: [{ image: 'haproxy:2.3.2', nodePort: ports.cp }],
        loadBalancerWorker: [
          { image: 'haproxy:2.3.2', nodePortRange: { start: ports.worker[0], end: ports.worker[1] } },
        ],
        jumpHost: [
          { image: 'jump', nodePort: ports.jump, nodeSSHPrivateKeys: 'keys', sshAuthorizedKeys: ['k'] },
        ],
      },
    },
    status: options.ready
      ? {
          conditions: [
            {
              type: 'Ready',
              status: 'False',
              reason: 'Progressing',
              message: '',
              lastTransitionTime: '2026-01-02T00:00:00Z',
              ...options.ready,
            },
          ],
        }
      : undefined,
  };
}

function host(name: string, labels: Record<string, string> = {}): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name, namespace: 'lab', labels },
    spec: { online: true },
  };
}

function member(name: string, clusterName: string, role: string, namespace = 'tenants'): BareMetalHost {
  return host(name, {
    'sip.airshipit.org/cluster-namespace': namespace,
    'sip.airshipit.org/cluster-name': clusterName,
    'sip.airshipit.org/node-type': role,
  });
}

const hosts = [
  member('cp-1', 'sub1', 'ControlPlane'),
  member('w-1', 'sub1', 'Worker'),
  member('w-2', 'sub1', 'Worker'),
  member('w-9', 'sub1', 'Worker', 'elsewhere'),
  member('x-1', 'sub2', 'Worker'),
  host('free-1'),
];

describe('readyOf', () => {
  it('says so when the controller has not written Ready', () => {
    expect(readyOf(cluster('a'))).toMatchObject({
      status: 'Unknown',
      reason: 'NotReconciled',
      outdated: false,
    });
  });

  it('reports status, reason, message, since and whether it is for an older generation', () => {
    expect(
      readyOf(
        cluster('a', {
          generation: 3,
          ready: {
            status: 'False',
            reason: 'Unschedulable',
            message: 'Worker: 2 wanted, 1 schedulable',
            observedGeneration: 2,
          },
        }),
      ),
    ).toEqual({
      status: 'False',
      reason: 'Unschedulable',
      message: 'Worker: 2 wanted, 1 schedulable',
      since: '2026-01-02T00:00:00.000Z',
      outdated: true,
    });
  });
});

describe('buildClusterRow', () => {
  it('counts labelled hosts per role against active + standby, and lists endpoints', () => {
    const row = buildClusterRow(
      cluster('sub1', { ready: { status: 'True', reason: 'ReconciliationSucceeded' } }),
      countClusterHosts(hosts),
    );
    expect(row).toMatchObject({
      key: 'tenants/sub1',
      roles: [
        { role: 'ControlPlane', active: 1, standby: 1, wanted: 2, found: 1 },
        { role: 'Worker', active: 2, standby: 0, wanted: 2, found: 2 },
      ],
      wanted: 4,
      found: 3,
      endpoints: { controlPlane: [30001], worker: [{ start: 30002, end: 30011 }], jumpHost: [30000] },
      ready: { status: 'True' },
      createdAt: '2026-01-01T00:00:00.000Z',
      deleting: false,
    });
  });

  it('shows hosts still labelled for a role the spec no longer has', () => {
    const row = buildClusterRow(
      cluster('sub1'),
      countClusterHosts([...hosts, member('old', 'sub1', 'Storage')]),
    );
    expect(row.roles.map((r) => [r.role, r.wanted, r.found])).toEqual([
      ['ControlPlane', 2, 1],
      ['Worker', 2, 2],
      ['Storage', 0, 1],
    ]);
  });
});

describe('queryClusters', () => {
  const rows = [
    buildClusterRow(
      cluster('alpha', { ready: { status: 'True' }, created: '2026-01-03T00:00:00Z' }),
      new Map(),
    ),
    buildClusterRow(
      cluster('beta', { ready: { status: 'False', reason: 'Unschedulable' }, workers: 5 }),
      new Map(),
    ),
    buildClusterRow(cluster('gamma', { namespace: 'other', created: '2026-01-02T00:00:00Z' }), new Map()),
  ];
  const names = (input: ClusterQueryInput) =>
    queryClusters(rows, clusterQuerySchema.parse(input)).rows.map((r) => r.name);

  it.each<[ClusterQueryInput, string[]]>([
    [{}, ['alpha', 'beta', 'gamma']],
    [{ search: 'other/' }, ['gamma']],
    [{ search: 'unschedulable' }, ['beta']],
    [{ ready: ['False', 'Unknown'] }, ['beta', 'gamma']],
    [{ sort: 'ready' }, ['beta', 'gamma', 'alpha']],
    [{ sort: 'hosts', dir: 'desc' }, ['beta', 'gamma', 'alpha']],
    [{ sort: 'age' }, ['alpha', 'gamma', 'beta']],
  ])('%j', (input, expected) => {
    expect(names(input)).toEqual(expected);
  });

  it('counts Ready values over the search', () => {
    expect(queryClusters(rows, clusterQuerySchema.parse({ ready: ['True'] })).facets.ready).toEqual([
      { value: 'True', count: 1 },
      { value: 'False', count: 1 },
      { value: 'Unknown', count: 1 },
    ]);
  });

  it('bounds its input', () => {
    expect(clusterQuerySchema.safeParse({ pageSize: 10 }).success).toBe(false);
    expect(clusterQuerySchema.safeParse({ page: 10_001 }).success).toBe(false);
    expect(clusterQuerySchema.safeParse({ ready: ['Maybe'] }).success).toBe(false);
  });
});

describe('buildClusterDetail', () => {
  it('lists only the hosts with both its namespace and name labels, by role then name', () => {
    const detail = buildClusterDetail(cluster('sub1'), hosts, (h) => buildHostRow(h, () => undefined));
    expect(detail.hosts.map((h) => [h.name, h.role])).toEqual([
      ['cp-1', 'ControlPlane'],
      ['w-1', 'Worker'],
      ['w-2', 'Worker'],
    ]);
    expect(detail.nodeSets).toEqual([
      {
        role: 'ControlPlane',
        selector: 'rackpilot.io/flavor=control-plane',
        topologyKey: 'rackpilot.io/rack',
        active: 1,
        standby: 1,
      },
      {
        role: 'Worker',
        selector: expect.any(String) as unknown,
        topologyKey: undefined,
        active: 2,
        standby: 0,
      },
    ]);
    expect(detail.services.map((s) => s.ports)).toEqual([
      'nodePort 30001 → 6443',
      'nodePorts 30002–30011',
      'nodePort 30000 → 22 (ssh)',
    ]);
    expect(detail.services[2]).toMatchObject({ privateKeySecret: 'keys', authorizedKeys: 1 });
    expect(detail.row.found).toBe(3);
  });
});

describe('nodePortConflicts', () => {
  const defaults = defaultSipClusterForm();
  const form = { namespace: 'tenants', name: 'new', ports: nodePortsOf(defaults.services) };
  const others = [cluster('sub1', { ports: { cp: 30100, worker: [30110, 30120], jump: 30101 } })];

  it('is empty when nothing collides', () => {
    expect(nodePortConflicts(form, others, EVERY_NAMESPACE)).toEqual({});
  });

  it('names the cluster and service holding a port', () => {
    const taken = {
      ...form,
      ports: { controlPlane: 30101, workerStart: 30115, workerEnd: 30130, jumpHost: 30100 },
    };
    expect(nodePortConflicts(taken, others, EVERY_NAMESPACE)).toEqual({
      'services.controlPlane.nodePort': 'Port 30101 is already used by tenants/sub1 (jump host)',
      'services.worker.start': 'Ports 30115–30130 overlap what is already used by tenants/sub1 (worker LB)',
      'services.jumpHost.nodePort': 'Port 30100 is already used by tenants/sub1 (control-plane LB)',
    });
  });

  it('ignores the cluster itself', () => {
    expect(nodePortConflicts({ ...form, name: 'sub1' }, [cluster('sub1')], EVERY_NAMESPACE)).toEqual({});
  });

  it("does not name another namespace's cluster to a caller bound to some", () => {
    const elsewhere = namespaceScope([parseBinding('operator@team-a')], 'viewer', () => undefined);
    const taken = { ...form, ports: { ...form.ports, jumpHost: 30100 } };
    expect(nodePortConflicts(taken, others, elsewhere)).toEqual({
      'services.jumpHost.nodePort':
        'Port 30100 is already used by a cluster of another namespace (control-plane LB)',
    });
  });
});
