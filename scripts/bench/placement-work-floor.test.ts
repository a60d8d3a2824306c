import type { KubernetesObject, V1Deployment, V1Job } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { MANAGED_BY_LABEL } from '../../server/kube/sync-owned-objects';
import type { PlacementAPI } from '../../server/types/crds/placement-api';
import {
  benchInputSecret,
  benchNamespace,
  benchPlacement,
  nothingWritten,
  placementFloorFirstPass,
  placementFloorPlan,
  placementFloorReady,
  placementFloorWritesDue,
  recordWritten,
  withStored,
  type FloorWritten,
} from './placement-work-floor';
import { asStoredSecret } from './sip-bench-objects';

const FINALIZER = 'openstack.org/placementapi';
const namespace = benchNamespace(3);
const now = new Date('2026-11-25T07:00:00Z');
const ready = { conditions: [{ type: 'Ready', status: 'True' }] };

function created(): PlacementAPI {
  const placement = benchPlacement(3);
  return {
    ...placement,
    metadata: Object.assign({}, placement.metadata, { uid: 'uid-3', resourceVersion: '7', generation: 1 }),
  };
}

const first = placementFloorFirstPass(created(), FINALIZER);
const secrets = [asStoredSecret(benchInputSecret(namespace)), first.accountSecret];
const keystoneAPI = {
  apiVersion: 'keystone.openstack.org/v1beta1',
  kind: 'KeystoneAPI',
  metadata: { name: 'keystone', namespace },
  status: { apiEndpoints: { internal: 'http://ki:5000', public: 'http://kp:5000' } },
};

const kinds = (objects: KubernetesObject[]) =>
  objects.map((o) => `${o.kind ?? ''}/${o.metadata?.name ?? ''}`);

/** Plans on `seen`, records what was due as written (as the bench does) and returns it. */
function step(written: FloorWritten, seen: KubernetesObject[]) {
  const plan = placementFloorPlan(created(), secrets, seen, now);
  const due = placementFloorWritesDue(plan, written);
  recordWritten(written, due);
  return { plan, due };
}

const withStatus = (object: KubernetesObject | undefined, status: object): KubernetesObject =>
  Object.assign({}, object, { status });

describe('bench:placement work floor', () => {
  it('stores the finalizer and generates the account password Secret the controller would', () => {
    expect(first.finalizerPatch).toEqual({ metadata: { resourceVersion: '7', finalizers: [FINALIZER] } });
    const { metadata, data } = first.accountSecret;
    expect(metadata?.name).toBe('placement-db-secret');
    expect(metadata?.namespace).toBe(namespace);
    expect(metadata?.ownerReferences?.[0]).toMatchObject({ uid: 'uid-3', controller: false });
    expect(Buffer.from(data?.DatabasePassword ?? '', 'base64').toString()).toHaveLength(24);
  });

  it('walks the controller’s steps: 13 applies, each once, then Ready and the Job pruned', () => {
    const written = nothingWritten();
    let seen: KubernetesObject[] = [keystoneAPI];

    let { plan, due } = step(written, seen);
    expect(kinds(due.owned)).toEqual([
      'ServiceAccount/placement-placement',
      'Role/placement-placement-role',
      'RoleBinding/placement-placement-rolebinding',
    ]);
    expect(due.owned.every((o) => o.metadata?.labels?.[MANAGED_BY_LABEL] === 'rackpilot')).toBe(true);
    expect(kinds(due.dependencies)).toEqual(['MariaDBAccount/placement']);
    expect(due.dependencies[0]?.metadata?.finalizers).toEqual([FINALIZER]);

    // The account as the apply stored it: the database follows without waiting for anyone.
    seen = withStored(seen, due.dependencies);
    ({ due } = step(written, seen));
    expect(kinds(due.owned)).toEqual([]);
    expect(kinds(due.dependencies)).toEqual(['MariaDBDatabase/placement']);
    seen = withStored(seen, due.dependencies);
    ({ plan, due } = step(written, seen));
    expect(due.owned.length + due.dependencies.length).toBe(0);
    expect(placementFloorReady(plan, written)).toBeUndefined();

    // mariadb-operator marks both Ready: configuration, Services and db-sync.
    const mariadbMade = new Set(['MariaDBAccount', 'MariaDBDatabase']);
    seen = seen.map((o) => (mariadbMade.has(o.kind ?? '') ? withStatus(o, ready) : o));
    ({ due } = step(written, seen));
    expect(kinds(due.owned).sort()).toEqual([
      'Job/placement-db-sync',
      'Secret/placement-config-data',
      'Secret/placement-scripts',
      'Service/placement-internal',
      'Service/placement-public',
    ]);
    const job = due.owned.find((o) => o.kind === 'Job') as V1Job;
    seen = withStored(seen, [job]);
    ({ plan, due } = step(written, seen));
    expect(due.owned.length + due.dependencies.length).toBe(0);

    // kwok completes the Job: the Deployment.
    seen = withStored(seen, [withStatus(job, { succeeded: 1 })]);
    ({ plan, due } = step(written, seen));
    expect(kinds(due.owned)).toEqual(['Deployment/placement']);
    expect(placementFloorReady(plan, written)).toBeUndefined();
    const deployment = due.owned[0] as V1Deployment;
    const serving = Object.assign({}, deployment, {
      metadata: Object.assign({}, deployment.metadata, { generation: 1 }),
      status: {
        observedGeneration: 1,
        replicas: 1,
        updatedReplicas: 1,
        availableReplicas: 1,
        readyReplicas: 1,
      },
    });

    // The Deployment serves: Keystone's service and endpoint; Ready only once keystone-operator made them Ready.
    seen = withStored(seen, [serving]);
    ({ plan, due } = step(written, seen));
    expect(kinds(due.dependencies)).toEqual(['KeystoneService/placement', 'KeystoneEndpoint/placement']);
    expect(placementFloorReady(plan, written)).toBeUndefined();
    seen = withStored(seen, due.dependencies);
    ({ plan } = step(written, seen));
    expect(placementFloorReady(plan, written)).toBeUndefined();

    const keystoneMade = new Set(['KeystoneService', 'KeystoneEndpoint']);
    seen = seen.map((o) => (keystoneMade.has(o.kind ?? '') ? withStatus(o, ready) : o));
    ({ plan, due } = step(written, seen));
    expect(due.owned.length + due.dependencies.length).toBe(0);
    const done = placementFloorReady(plan, written);
    expect(done?.status.conditions?.[0]).toMatchObject({ type: 'Ready', status: 'True' });
    expect(done?.status.hash?.dbsync).toMatch(/^[0-9a-f]{64}$/);
    expect(done?.status.readyCount).toBe(1);
    expect(kinds(done?.prune ?? [])).toEqual(['Job/placement-db-sync']);
    expect(written.owned.size + written.dependencies.size).toBe(13);
  });

  it('writes an object again when its rendering changed', () => {
    const written = nothingWritten();
    const seen = [keystoneAPI];
    const { due } = step(written, seen);
    const role = due.owned.find((o) => o.kind === 'Role');
    written.owned.set('Role/placement-placement-role', { ...role, metadata: { name: 'stale' } });
    expect(
      kinds(placementFloorWritesDue(placementFloorPlan(created(), secrets, seen, now), written).owned),
    ).toEqual(['Role/placement-placement-role']);
  });

  it('replaces what it had seen with what a write stored', () => {
    const old = { kind: 'Job', metadata: { name: 'j', resourceVersion: '1' } };
    const other = { kind: 'Deployment', metadata: { name: 'j' } };
    const stored = { kind: 'Job', metadata: { name: 'j', resourceVersion: '2' } };
    expect(withStored([old, other], [stored])).toEqual([other, stored]);
  });
});
