import { describe, expect, it } from 'vitest';
import type { PlunderCluster, PlunderMachine } from '../../types/crds';
import type { ReadyView } from '../ready-view';
import {
  buildPlunderClusterRow,
  machinesOfCluster,
  plunderClusterReady,
  plunderMachineView,
} from './plunder-cluster-row';

const cluster = (status?: PlunderCluster['status']): PlunderCluster => ({
  apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
  kind: 'PlunderCluster',
  metadata: { name: 'rack', namespace: 'ns', resourceVersion: '7' },
  spec: { subnet: '10.0.0.0/24' },
  ...(status ? { status } : {}),
});

const machine = (name: string, over: Partial<PlunderMachine> = {}, clusterName = 'rack'): PlunderMachine => ({
  apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
  kind: 'PlunderMachine',
  metadata: {
    name,
    namespace: 'ns',
    uid: `uid-${name}`,
    labels: { 'cluster.x-k8s.io/cluster-name': clusterName },
  },
  spec: {},
  ...over,
});

describe('plunderClusterReady', () => {
  it.each<[string, PlunderCluster['status'], Partial<ReadyView>]>([
    ['no status yet', undefined, { status: 'Unknown', reason: 'NotReconciled' }],
    [
      'an unusable pool',
      { ready: false, failureReason: 'InvalidPool', failureMessage: 'bad range' },
      { status: 'False', reason: 'InvalidPool', message: 'bad range' },
    ],
    [
      'ready with a pool',
      { ready: true, freeAddresses: 3 },
      { status: 'True', message: '3 free address(es) in its pool' },
    ],
    ['ready without a pool', { ready: true }, { status: 'True', message: 'addresses are given per machine' }],
  ])('%s', (_name, status, expected) => {
    expect(plunderClusterReady(cluster(status))).toMatchObject(expected);
  });
});

describe('machinesOfCluster', () => {
  it('takes the machines labelled with the cluster in its namespace only', () => {
    const other = machine('c');
    other.metadata.namespace = 'elsewhere';
    const machines = [machine('a'), machine('b', {}, 'other'), other];
    expect(machinesOfCluster(machines, 'ns', 'rack').map((m) => m.metadata.name)).toEqual(['a']);
  });
});

describe('plunderMachineView', () => {
  it('shows the hardware state only while the boot service’s claim is this machine’s', () => {
    const held = machine('a', {
      status: { phase: 'Provisioned', ready: true, macaddress: '02:00:00:00:00:01', ipaddress: '10.0.0.5' },
    });
    const lookup = (mac: string, uid: string) =>
      mac === '02:00:00:00:00:01' && uid === 'uid-a' ? ('provisioned' as const) : undefined;
    expect(plunderMachineView(held, lookup)).toMatchObject({
      name: 'a',
      phase: 'Provisioned',
      ready: true,
      mac: '02:00:00:00:00:01',
      ip: '10.0.0.5',
      hardware: 'provisioned',
    });
    const waiting = machine('b', { spec: { macaddress: '02:00:00:00:00:02' } });
    expect(plunderMachineView(waiting, lookup)).toMatchObject({ phase: 'Pending', mac: '02:00:00:00:00:02' });
    expect(plunderMachineView(waiting, lookup).hardware).toBeUndefined();
  });

  it('names the Cluster API Machine that owns it, and says Deleting once it is going', () => {
    const owned = machine('a', {
      metadata: {
        name: 'a',
        namespace: 'ns',
        deletionTimestamp: new Date(),
        ownerReferences: [
          { apiVersion: 'cluster.x-k8s.io/v1beta1', kind: 'Machine', name: 'a', uid: 'm', controller: true },
        ],
      },
    });
    expect(plunderMachineView(owned, () => undefined)).toMatchObject({
      capiMachine: 'a',
      phase: 'Deleting',
      deleting: true,
    });
  });
});

describe('buildPlunderClusterRow', () => {
  it('counts its machines and the provisioned ones', () => {
    const row = buildPlunderClusterRow(cluster({ ready: true, allocatedAddresses: 2, freeAddresses: 250 }), [
      machine('a', { status: { phase: 'Provisioned' } }),
      machine('b', { status: { phase: 'Claimed' } }),
    ]);
    expect(row).toMatchObject({
      key: 'ns/rack',
      subnet: '10.0.0.0/24',
      machines: { total: 2, provisioned: 1 },
      addresses: { allocated: 2, free: 250 },
      deleting: false,
    });
  });
});
