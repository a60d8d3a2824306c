import type { V1Deployment } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { SIP_CLUSTER_OWNER_LABEL } from '../../server/controllers/sip-cluster';
import { SPEC_HASH_ANNOTATION } from '../../server/controllers/common/content-hash';
import { SIP_CLUSTER_NAME_LABEL, SIP_NODE_TYPE_LABEL } from '../../server/schemas/host-labels';
import { MANAGED_BY_LABEL } from '../../server/kube/sync-owned-objects';
import type { SIPCluster } from '../../server/types/crds';
import { sipCluster } from './sip-bench-objects';
import { sipFloorFirstPass, sipFloorReadyStatus, sipObjectsFloor } from './sip-work-floor';

const FINALIZER = 'sip.airship.airshipit.org/finalizer';

/** Cluster `index` as the API server returns it from the create. */
function created(index: number): SIPCluster {
  const cluster = sipCluster(index);
  return {
    ...cluster,
    metadata: Object.assign({}, cluster.metadata, { uid: `uid-${index}`, resourceVersion: '41' }),
  };
}

function deploymentOf(index: number, replicas: { updated: number; available: number }): V1Deployment {
  const desired = sipFloorFirstPass(created(index), index, FINALIZER).objects.find(
    (o) => o.kind === 'Deployment',
  ) as V1Deployment;
  return Object.assign({}, desired, {
    metadata: Object.assign({}, desired.metadata, { generation: 1 }),
    status: {
      observedGeneration: 1,
      updatedReplicas: replicas.updated,
      availableReplicas: replicas.available,
    },
  });
}

describe('bench:sip work floor', () => {
  it('stores the finalizer under the resourceVersion the create returned', () => {
    expect(sipFloorFirstPass(created(3), 3, FINALIZER).finalizerPatch).toEqual({
      metadata: { resourceVersion: '41', finalizers: [FINALIZER] },
    });
  });

  it('labels exactly the three hosts of the cluster, control plane first', () => {
    const { hostLabelPatches } = sipFloorFirstPass(created(3), 3, FINALIZER);
    expect(hostLabelPatches.map((c) => [c.name, c.patch.metadata.labels[SIP_NODE_TYPE_LABEL]])).toEqual([
      ['h00015', 'ControlPlane'],
      ['h00016', 'Worker'],
      ['h00017', 'Worker'],
    ]);
    expect(hostLabelPatches.every((c) => c.patch.metadata.labels[SIP_CLUSTER_NAME_LABEL] === 'c0003')).toBe(
      true,
    );
  });

  it('applies the load balancer as the controller does: its objects, managed and owned', () => {
    const { objects } = sipFloorFirstPass(created(3), 3, FINALIZER);
    expect(objects.map((o) => o.kind).sort()).toEqual(['Deployment', 'Secret', 'Service']);
    for (const object of objects) {
      expect(object.metadata?.labels?.[MANAGED_BY_LABEL]).toBe('rackpilot');
      expect(object.metadata?.labels?.[SIP_CLUSTER_OWNER_LABEL]).toBe('c0003');
      expect(object.metadata?.ownerReferences?.[0]?.uid).toBe('uid-3');
    }
  });

  it('renders the same objects whether the hosts are labelled yet or not', () => {
    const first = sipFloorFirstPass(created(3), 3, FINALIZER).objects;
    expect(sipObjectsFloor(created(3), 3)).toEqual(first);
    expect(
      first.find((o) => o.kind === 'Deployment')?.metadata?.annotations?.[SPEC_HASH_ANNOTATION],
    ).toBeTruthy();
  });

  it('writes Ready only once the Deployment serves every replica', () => {
    expect(sipFloorReadyStatus(created(3), 3, undefined)).toBeUndefined();
    expect(sipFloorReadyStatus(created(3), 3, deploymentOf(3, { updated: 1, available: 0 }))).toBeUndefined();
    const status = sipFloorReadyStatus(created(3), 3, deploymentOf(3, { updated: 1, available: 1 }));
    expect(status?.conditions).toEqual([
      expect.objectContaining({ type: 'Ready', status: 'True', reason: 'ReconciliationSucceeded' }),
    ]);
  });
});
