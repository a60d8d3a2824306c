import { describe, expect, it } from 'vitest';
import type { PlunderCluster, PlunderClusterSpec, PlunderClusterStatus } from '../../types/crds';
import { planPlunderCluster, RESYNC_MS } from './plan-plunder-cluster';

function cluster(spec?: PlunderClusterSpec): PlunderCluster {
  return {
    apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
    kind: 'PlunderCluster',
    metadata: { name: 'c1', namespace: 'lab' },
    ...(spec ? { spec } : {}),
  };
}

describe('planPlunderCluster', () => {
  it.each<[string, PlunderClusterSpec | undefined, number, PlunderClusterStatus]>([
    ['no spec: ready, nothing to allocate from', undefined, 0, { ready: true, allocatedAddresses: 0 }],
    ['no subnet: ready, no free count', { gateway: '10.0.0.1' }, 2, { ready: true, allocatedAddresses: 2 }],
    [
      'a /29: six hosts less the gateway',
      { subnet: '10.0.0.0/29', gateway: '10.0.0.1' },
      2,
      { ready: true, allocatedAddresses: 2, freeAddresses: 3 },
    ],
    [
      'an ipPool range inside the subnet',
      { subnet: '10.0.0.0/24', ipPool: { start: '10.0.0.10', end: '10.0.0.19' } },
      4,
      { ready: true, allocatedAddresses: 4, freeAddresses: 6 },
    ],
    [
      'more leased than the pool holds now (it shrank): none free, not negative',
      { subnet: '10.0.0.0/24', ipPool: { start: '10.0.0.10', end: '10.0.0.11' } },
      5,
      { ready: true, allocatedAddresses: 5, freeAddresses: 0 },
    ],
    [
      'a subnet that is not a CIDR',
      { subnet: '10.0.0.0/33' },
      1,
      {
        ready: false,
        allocatedAddresses: 1,
        failureReason: 'InvalidPool',
        failureMessage: 'subnet 10.0.0.0/33 is not a CIDR',
      },
    ],
    [
      'a gateway outside the subnet',
      { subnet: '10.0.0.0/24', gateway: '10.0.1.1' },
      0,
      {
        ready: false,
        allocatedAddresses: 0,
        failureReason: 'InvalidPool',
        failureMessage: 'gateway 10.0.1.1 is not inside 10.0.0.0/24',
      },
    ],
  ])('%s', (_name, spec, allocated, status) => {
    expect(planPlunderCluster({ cluster: cluster(spec), allocated })).toEqual({
      status,
      requeueAfterMs: RESYNC_MS,
    });
  });
});
