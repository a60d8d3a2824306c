import { describe, expect, it } from 'vitest';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { SIPCluster } from '../../types/crds/sip-cluster';
import { buildWallView, contrailServiceKind, isObjectReady, type ConditionedObject } from './wall-view';

function host(
  name: string,
  state: string,
  extra: Partial<BareMetalHost['status']> = {},
  labels = {},
): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name, namespace: 'lab', labels },
    spec: { online: true },
    status: { provisioning: { state }, operationalStatus: 'OK', ...extra },
  } as BareMetalHost;
}

function cluster(name: string, status: string, reason: string, since = '2026-11-22T01:00:00Z'): SIPCluster {
  return {
    apiVersion: 'airship.airshipit.org/v1',
    kind: 'SIPCluster',
    metadata: { name, namespace: 't', generation: 1 },
    spec: {},
    status: {
      conditions: [{ type: 'Ready', status, reason, message: `${reason} msg`, lastTransitionTime: since }],
    },
  } as unknown as SIPCluster;
}

function service(name: string, ready: ConditionedObject['status']): ConditionedObject {
  return { metadata: { name, namespace: 's' }, status: ready };
}

describe('buildWallView', () => {
  const view = buildWallView({
    buildId: 'b1',
    now: Date.parse('2026-11-22T02:05:00Z'),
    hosts: [
      host('h1', 'available'),
      host('h2', 'available', {}, { 'sip.airshipit.org/cluster-name': 'c1' }),
      host('h3', 'inspecting', { operationHistory: { inspect: { start: '2026-11-22T02:00:00Z' } } }),
      host('h4', 'registering', { operationHistory: { register: { start: '2026-11-22T01:30:00Z' } } }),
      host('h5', 'provisioned', {
        errorType: 'provisioning error',
        errorMessage: 'disk gone',
        lastUpdated: '2026-11-22T03:00:00Z',
      }),
    ],
    clusters: [
      cluster('c1', 'True', 'ReconciliationSucceeded'),
      cluster('c2', 'False', 'Progressing', '2026-11-22T01:45:00Z'),
      cluster('c3', 'False', 'Unschedulable'),
    ],
    services: [
      {
        label: 'Ironic',
        objects: [
          service('i1', { conditions: [{ type: 'Ready', status: 'True' }] }),
          service('i2', { conditions: [{ type: 'Ready', status: 'False', reason: 'DeploymentInProgress' }] }),
        ],
      },
      contrailServiceKind(
        [service('m1', { conditions: [{ type: 'Ready', status: 'True' }] })],
        [
          {
            service: 'cassandras',
            label: 'Cassandra',
            objects: [service('cassandra1', { active: true }), service('cassandra2', { active: true })],
          },
          {
            service: 'vrouters',
            label: 'vRouter groups',
            objects: [
              service('g1', { conditions: [{ type: 'Ready', status: 'True' }] }),
              service('g2', { conditions: [{ type: 'Ready', status: 'True' }] }),
            ],
          },
        ],
      ),
    ],
    unleased: 7,
  });

  it('counts hosts by state, free and claimed', () => {
    expect(view.hosts.total).toBe(5);
    expect(view.hosts.byState).toEqual([
      { state: 'error', count: 1 },
      { state: 'registering', count: 1 },
      { state: 'inspecting', count: 1 },
      { state: 'available', count: 2 },
    ]);
    expect({ free: view.hosts.free, claimed: view.hosts.claimed }).toEqual({ free: 1, claimed: 1 });
  });

  it('counts free and claimed as the hosts list does (whyNotFree)', () => {
    const consumed = host('c1', 'provisioned');
    consumed.spec.consumerRef = { kind: 'Metal3Machine', namespace: 'capi', name: 'w0' };
    const off = host('o1', 'available');
    off.spec.online = false;
    const small = buildWallView({
      buildId: 'b',
      now: 0,
      hosts: [consumed, off, host('f1', 'available')],
      clusters: [],
      services: [],
    });
    expect({ free: small.hosts.free, claimed: small.hosts.claimed }).toEqual({ free: 1, claimed: 1 });
  });

  it('rolls up tenant clusters and services', () => {
    expect(view.clusters).toEqual({ ready: 1, degraded: 2, total: 3 });
    expect(view.services).toEqual([
      { label: 'Ironic', ready: 1, total: 2 },
      {
        label: 'Contrail',
        ready: 4,
        total: 4,
        parts: [
          { label: 'Cassandra', ready: 2, total: 2 },
          { label: 'vRouter groups', ready: 2, total: 2 },
        ],
      },
    ]);
    expect(view.unleased).toBe(7);
  });

  it('lists work in progress longest first', () => {
    expect(view.inProgress.items.map((item) => `${item.kind}/${item.name}`)).toEqual([
      'SIPCluster/c2',
      'BareMetalHost/h3',
      'Ironic/i2',
    ]);
  });

  it('lists what needs attention: errors, stuck objects and steps past their bound', () => {
    expect(view.attention.items.map((item) => `${item.name}: ${item.detail}`)).toEqual([
      'c3: Unschedulable: Unschedulable msg',
      'h4: Registering for 35 min (expected within 10 min)',
      'h5: disk gone',
    ]);
    expect(view.attention.total).toBe(3);
  });

  it('raises a tenant cluster still deploying after its bound, saying for how long', () => {
    const late = buildWallView({
      buildId: 'b',
      now: Date.parse('2026-11-22T02:30:00Z'),
      hosts: [],
      clusters: [cluster('slow', 'False', 'Progressing', '2026-11-22T01:45:00Z')],
      services: [],
    });
    expect(late.attention.items.map((item) => item.detail)).toEqual([
      'Not Ready for 45 min (expected within 30 min): Progressing: Progressing msg',
    ]);
    expect(late.inProgress.total).toBe(0);
  });

  it.each([
    [{ conditions: [{ type: 'Ready', status: 'True' }] }, true],
    [{ conditions: [{ type: 'Ready', status: 'False' }], active: true }, false],
    [{ active: true }, true],
    [{ ready: true }, true],
    [undefined, false],
  ])('isObjectReady(%j) is %s', (status, ready) => {
    expect(isObjectReady(service('x', status as ConditionedObject['status']))).toBe(ready);
  });
});

describe('the Contrail tile', () => {
  it('counts each component and the vRouter groups, an entry held back as not ready, and lists what is not', () => {
    const manager = service('cluster1', {
      conditions: [{ type: 'Ready', status: 'False', reason: 'WaitingForDependencies' }],
      waiting: [
        { service: 'controls', name: 'control1' },
        { service: 'vrouters', name: 'vr1' },
      ],
    });
    const part = (name: string, label: string, objects: ConditionedObject[]) => ({
      service: name,
      label,
      objects,
    });
    const view = buildWallView({
      buildId: 'b',
      now: 0,
      hosts: [],
      clusters: [],
      services: [
        contrailServiceKind(
          [manager],
          [
            part('cassandras', 'Cassandra', [service('cassandra1', { active: true })]),
            part('zookeepers', 'ZooKeeper', [service('zookeeper1', { active: false })]),
            part('config', 'Config', [service('config1', { active: true })]),
            part('controls', 'Control', []),
            part('webui', 'Webui', []),
            part('vrouters', 'vRouter groups', [
              service('dpdk', { conditions: [{ type: 'Ready', status: 'True' }] }),
              service('sriov', { conditions: [{ type: 'Ready', status: 'False', reason: 'NodeConflict' }] }),
            ]),
          ],
        ),
      ],
    });
    // Webui is neither declared nor made: it is left out.
    expect(view.services).toEqual([
      {
        label: 'Contrail',
        ready: 3,
        total: 7,
        parts: [
          { label: 'Cassandra', ready: 1, total: 1 },
          { label: 'ZooKeeper', ready: 0, total: 1 },
          { label: 'Config', ready: 1, total: 1 },
          { label: 'Control', ready: 0, total: 1 },
          { label: 'vRouter groups', ready: 1, total: 3 },
        ],
      },
    ]);
    expect(view.attention.items.map((item) => `${item.kind}/${item.name}`)).toEqual(['Contrail/sriov']);
    expect(view.inProgress.items.map((item) => `${item.kind}/${item.name}`)).toEqual([
      'Contrail/cluster1',
      'Contrail/zookeeper1',
    ]);
  });
});
