// What bench:placement creates and what its work floor writes per PlacementAPI: the writes any correct
// PlacementAPI controller must make, rendered by the controller's own planner on what the floor has
// observed, and nothing else (no events, no status before Ready). Pure apart from the generated
// database password, random by design.
import { isDeepStrictEqual } from 'node:util';
import type { KubernetesObject, V1Secret } from '@kubernetes/client-node';
import type {
  DependencyObject,
  InstalledGroups,
} from '../../server/controllers/placement/dependency-resources';
import { generatedAccountSecret } from '../../server/controllers/placement/observe-placement';
import { DATABASE_NAME, names, SERVICE_NAME } from '../../server/controllers/placement/placement-names';
import { planPlacement, type PlacementPlan } from '../../server/controllers/placement/plan-placement';
import { databaseAccountName } from '../../server/controllers/placement/render-dependencies';
import { normaliseOwned } from '../../server/kube/sync-owned-objects';
import type { PlacementAPI, PlacementAPIStatus } from '../../server/types/crds/placement-api';
import { finalizerPatch, type FinalizerPatch } from './finalizer-patch';

/** The Secret with the service password, as a deployment's operator provides it before the PlacementAPI. */
export const INPUT_SECRET = 'osp-secret';

/**
 * One PlacementAPI per namespace, as an OpenStack control plane has: upstream names the Services, the
 * database and the Keystone objects after the service, not the instance, so two would collide.
 */
export function benchNamespace(index: number): string {
  return `bench-placement-${String(index).padStart(4, '0')}`;
}

/** PlacementAPI `index`: upstream's defaults, a database instance and the input Secret. */
export function benchPlacement(index: number): PlacementAPI {
  return {
    apiVersion: 'placement.openstack.org/v1beta1',
    kind: 'PlacementAPI',
    metadata: { name: 'placement', namespace: benchNamespace(index) },
    spec: { databaseInstance: 'openstack', secret: INPUT_SECRET },
  };
}

export function benchInputSecret(namespace: string): V1Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: INPUT_SECRET, namespace },
    stringData: { PlacementPassword: 'bench-password' },
  };
}

/** A PlacementAPI's first writes: its finalizer and its database account's password Secret. */
export interface PlacementFloorFirstPass {
  finalizerPatch: FinalizerPatch;
  /** Created as the controller creates it, before its first plan. */
  accountSecret: V1Secret;
}

/** What the controller writes first for `placement`, as the create returned it. */
export function placementFloorFirstPass(placement: PlacementAPI, finalizer: string): PlacementFloorFirstPass {
  return {
    finalizerPatch: finalizerPatch(placement, finalizer),
    accountSecret: generatedAccountSecret(placement),
  };
}

/** The bench installs every stand-in CRD, so the controller finds every group installed. */
const INSTALLED: InstalledGroups = { mariadb: true, keystone: true, nad: true, topology: true };

const keyOf = (object: KubernetesObject) => `${object.kind ?? ''}/${object.metadata?.name ?? ''}`;

/**
 * The controller's planner on what the floor knows: its Secrets (as stored, with data) and the
 * objects it has seen in the PlacementAPI's namespace, picked by the names observePlacement reads.
 * The PlacementAPI carries no status: the floor writes none before Ready.
 */
export function placementFloorPlan(
  placement: PlacementAPI,
  secrets: V1Secret[],
  seen: KubernetesObject[],
  now = new Date(),
): PlacementPlan {
  const name = placement.metadata.name ?? '';
  const find = (kind: string, objectName: string) =>
    seen.find((o) => o.kind === kind && o.metadata?.name === objectName);
  return planPlacement(
    {
      placement,
      secret: (_namespace, secretName) => secrets.find((s) => s.metadata?.name === secretName),
      installed: INSTALLED,
      account: find('MariaDBAccount', databaseAccountName(placement)),
      database: find('MariaDBDatabase', DATABASE_NAME),
      keystoneAPI: seen.find((o) => o.kind === 'KeystoneAPI'),
      keystoneService: find('KeystoneService', SERVICE_NAME),
      keystoneEndpoint: find('KeystoneEndpoint', SERVICE_NAME),
      networkAttachmentDefinitions: new Set(),
      deployment: find('Deployment', names.deployment(name)),
      job: find('Job', names.dbSyncJob(name)),
      service: (serviceName) => find('Service', serviceName),
      pods: [],
    },
    now,
  );
}

/** What the floor has written for one PlacementAPI, by kind and name, as it wrote it. */
export interface FloorWritten {
  owned: Map<string, KubernetesObject>;
  dependencies: Map<string, DependencyObject>;
}

export function nothingWritten(): FloorWritten {
  return { owned: new Map(), dependencies: new Map() };
}

/** What `plan` asks for that the floor has not written as it is now: owned objects as the controller applies them. */
export function placementFloorWritesDue(
  plan: PlacementPlan,
  written: FloorWritten,
): { owned: KubernetesObject[]; dependencies: DependencyObject[] } {
  const due = <T extends KubernetesObject>(objects: T[], done: Map<string, KubernetesObject>) =>
    objects.filter((object) => !isDeepStrictEqual(done.get(keyOf(object)), object));
  return {
    owned: due(plan.objects.map(normaliseOwned), written.owned),
    dependencies: due(plan.dependencies, written.dependencies),
  };
}

/** Records writes the floor made. */
export function recordWritten(
  written: FloorWritten,
  writes: { owned: KubernetesObject[]; dependencies: DependencyObject[] },
): void {
  for (const object of writes.owned) written.owned.set(keyOf(object), object);
  for (const object of writes.dependencies) written.dependencies.set(keyOf(object), object);
}

/** `seen` with the objects as the floor's writes stored them, in place of older copies. */
export function withStored(seen: KubernetesObject[], stored: KubernetesObject[]): KubernetesObject[] {
  const replaced = new Set(stored.map(keyOf));
  return [...seen.filter((object) => !replaced.has(keyOf(object))), ...stored];
}

/**
 * Once `plan` says Ready: the status to write, then the owned objects it no longer wants (the
 * finished db-sync Job). Deleted after the status, which records that db-sync ran: before it, a pass
 * without the Job would run db-sync again. Undefined while anything is still to come.
 */
export function placementFloorReady(
  plan: PlacementPlan,
  written: FloorWritten,
): { status: PlacementAPIStatus; prune: KubernetesObject[] } | undefined {
  const ready = plan.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
  if (!ready || !plan.pruneOwned) return undefined;
  const wanted = new Set(plan.objects.map(keyOf));
  return {
    status: plan.status,
    prune: [...written.owned.values()].filter((object) => !wanted.has(keyOf(object))),
  };
}
