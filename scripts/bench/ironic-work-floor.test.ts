import type { V1Deployment, V1Service } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { htpasswdMatches } from '../../server/controllers/ironic/credentials';
import { SPEC_HASH_ANNOTATION } from '../../server/controllers/common/content-hash';
import { MANAGED_BY_LABEL } from '../../server/kube/sync-owned-objects';
import type { Ironic } from '../../server/types/crds/ironic';
import {
  benchIronic,
  ironicFloorFirstPass,
  ironicFloorObjects,
  ironicFloorReadyStatus,
} from './ironic-work-floor';

const FINALIZER = 'ironic.metal3.io';

function created(index: number): Ironic {
  const ironic = benchIronic(index);
  return {
    ...ironic,
    metadata: Object.assign({}, ironic.metadata, { uid: `uid-${index}`, resourceVersion: '7' }),
  };
}

const first = await ironicFloorFirstPass(created(4), FINALIZER);
const linked: Ironic = { ...created(4), spec: { ...first.linkPatch.spec } };

function workload(available: number, clusterIP?: string): { deployment: V1Deployment; service: V1Service } {
  const objects = ironicFloorObjects(linked, first.credentials);
  const deployment = objects.find((o) => o.kind === 'Deployment') as V1Deployment;
  const service = objects.find((o) => o.kind === 'Service') as V1Service;
  return {
    deployment: Object.assign({}, deployment, {
      metadata: Object.assign({}, deployment.metadata, { generation: 1 }),
      status: { observedGeneration: 1, updatedReplicas: 1, availableReplicas: available },
    }),
    service: Object.assign({}, service, { spec: Object.assign({}, service.spec, { clusterIP }) }),
  };
}

describe('bench:ironic work floor', () => {
  it('stores the finalizer and links generated credentials that carry their htpasswd line', async () => {
    expect(first.finalizerPatch).toEqual({ metadata: { resourceVersion: '7', finalizers: [FINALIZER] } });
    expect(first.linkPatch).toEqual({ spec: { credentialsRef: { name: 'i0004-credentials' } } });
    const { username = '', password = '', htpasswd } = first.credentials.stringData ?? {};
    expect(username).toBe('i0004');
    expect(await htpasswdMatches(htpasswd, { username, password })).toBe(true);
    expect(first.credentials.metadata?.ownerReferences?.[0]?.uid).toBe('uid-4');
  });

  it('applies the Deployment and Service as the controller does', () => {
    const objects = ironicFloorObjects(linked, first.credentials);
    expect(objects.map((o) => o.kind).sort()).toEqual(['Deployment', 'Service']);
    expect(objects.every((o) => o.metadata?.labels?.[MANAGED_BY_LABEL] === 'rackpilot')).toBe(true);
    expect(
      objects.find((o) => o.kind === 'Deployment')?.metadata?.annotations?.[SPEC_HASH_ANNOTATION],
    ).toBeTruthy();
  });

  it('writes Ready only once the Deployment serves and the Service has its address', () => {
    expect(ironicFloorReadyStatus(linked, first.credentials, {})).toBeUndefined();
    expect(ironicFloorReadyStatus(linked, first.credentials, workload(0, '10.96.0.9'))).toBeUndefined();
    expect(ironicFloorReadyStatus(linked, first.credentials, workload(1))).toBeUndefined();
    const status = ironicFloorReadyStatus(linked, first.credentials, workload(1, '10.96.0.9'));
    expect(status?.conditions).toEqual([expect.objectContaining({ type: 'Ready', status: 'True' })]);
  });
});
