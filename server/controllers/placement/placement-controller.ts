/**
 * The PlacementAPI controller: reads, plans (plan-placement.ts), applies. The runtime stores the
 * finalizer before the first reconcile, so no child (and no finalizer on a dependency) exists
 * before the PlacementAPI's own finalizer does.
 */
import type { KubernetesObject, V1Secret } from '@kubernetes/client-node';
import { applyObject, deleteObject } from '../../kube/apply';
import type { ControllerContext } from '../../kube/controller-context';
import type { ReconcileResult } from '../../kube/controller-declaration';
import { heldFor } from '../../lib/held-for';
import { addFinalizer, hasFinalizer, removeFinalizer } from '../../kube/finalizers';
import { objectKey } from '../../kube/informer';
import type { InformerSet } from '../../kube/informer-set';
import {
  deploymentResource,
  jobResource,
  podResource,
  roleBindingResource,
  roleResource,
  secretResource,
  serviceAccountResource,
  serviceResource,
} from '../../kube/resource';
import { placementApiResource, type PlacementAPI } from '../../types/crds/placement-api';
import type { RackpilotController } from '../controller-services';
import {
  keystoneAPIResource,
  keystoneEndpointResource,
  keystoneServiceResource,
  mariaDBAccountResource,
  mariaDBDatabaseResource,
  networkAttachmentDefinitionResource,
  topologyResource,
  isApplied,
  type DependencyObject,
  type InstalledGroups,
} from './dependency-resources';
import { ensureAccountSecret, getDependency, installedGroups, observePlacement } from './observe-placement';
import { DATABASE_NAME, names, PLACEMENT_FINALIZER, SERVICE_NAME } from './placement-names';
import { planPlacement, type PlacementObserved, type PlacementPlan } from './plan-placement';
import { reconcileWith, type ReconcileSteps } from '../../kube/reconcile-steps';
import { databaseAccountName } from './render-dependencies';
import { PLACEMENT_ROLE_RULES } from './render-workload';

const PLACEMENT_SECRET_INDEX = 'placement-secrets';

/** Every Secret a PlacementAPI reads (upstream's field indexes on the same fields). */
function secretsOf(placement: KubernetesObject): string[] {
  const spec = (placement as PlacementAPI).spec;
  const namespace = placement.metadata?.namespace ?? '';
  const referenced = [
    spec.secret,
    spec.tls?.caBundleSecretName,
    spec.tls?.api?.internal?.secretName,
    spec.tls?.api?.public?.secretName,
    spec.auth?.applicationCredentialSecret,
    names.accountSecret(databaseAccountName(placement as PlacementAPI)),
  ];
  return referenced.flatMap((name) => (name ? [`${namespace}/${name}`] : []));
}

function dependencyResourceOf(object: DependencyObject) {
  const kinds = [
    mariaDBAccountResource,
    mariaDBDatabaseResource,
    keystoneServiceResource,
    keystoneEndpointResource,
  ];
  const resource = kinds.find((r) => r.kind === object.kind);
  if (!resource) throw new Error(`not a PlacementAPI dependency: ${object.kind ?? '?'}`);
  return resource;
}

type ObservedPlacement = Omit<PlacementObserved, 'secret'>;

async function applyDependencies(
  ctx: ControllerContext,
  plan: PlacementPlan,
  observed: ObservedPlacement,
): Promise<ReconcileResult | undefined> {
  const { placement, topology } = observed;
  if (plan.status.lastAppliedTopology && topology && !hasFinalizer(topology, topologyFinalizer(placement))) {
    // A Topology in use must not go away under the Deployment that applies it.
    if (!(await addFinalizer(ctx, topologyResource, topology, topologyFinalizer(placement))))
      return { conflict: true };
  }
  const current: Record<string, DependencyObject | undefined> = {
    MariaDBAccount: observed.account,
    MariaDBDatabase: observed.database,
    KeystoneService: observed.keystoneService,
    KeystoneEndpoint: observed.keystoneEndpoint,
  };
  for (const dependency of plan.dependencies) {
    if (isApplied(dependency, current[dependency.kind ?? ''])) continue;
    await applyObject(ctx.kc, dependencyResourceOf(dependency), dependency);
    ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'apply' });
  }
  if (plan.deleteJob) {
    const namespace = placement.metadata.namespace ?? '';
    await deleteObject(ctx.kc, jobResource, namespace, names.dbSyncJob(placement.metadata.name ?? ''));
  }
  return undefined;
}

/**
 * Observe: which operators are installed, the account Secret generated once, and what the planner
 * reads of other operators' kinds (GETs: not cached). Act: the Topology held by a finalizer while in
 * use, the dependencies applied, an outdated db-sync Job deleted.
 */
function reconcileSteps(
  ctx: ControllerContext,
  pollMs: number,
  installedNow: () => Promise<InstalledGroups>,
): ReconcileSteps<PlacementAPI, ObservedPlacement, PlacementPlan> {
  return {
    resource: placementApiResource,
    observe: async (placement) => {
      const installed = await installedNow();
      if (installed.mariadb) await ensureAccountSecret(ctx, placement);
      return observePlacement(ctx, placement, installed);
    },
    plan: (observed, { secret, now }) => {
      const plan = planPlacement({ ...observed, secret }, now);
      return plan.poll ? { ...plan, requeueAfterMs: pollMs } : plan;
    },
    act: (plan, observed) => applyDependencies(ctx, plan, observed),
  };
}

/**
 * Deletion, as upstream's reconcileDelete: the PlacementAPI's finalizer comes off the Topology, the
 * MariaDB database and account and the Keystone service and endpoint; the runtime then removes its
 * own. The garbage collector deletes the dependencies through their ownerReferences.
 */
async function finalizePlacement(
  ctx: ControllerContext,
  placement: PlacementAPI,
): Promise<ReconcileResult | undefined> {
  const namespace = placement.metadata.namespace ?? '';
  const installed = await installedGroups(ctx);
  const topology = placement.status?.lastAppliedTopology;
  const targets = [
    ...(installed.topology && topology?.name
      ? [
          [
            topologyResource,
            topology.namespace ?? namespace,
            topology.name,
            topologyFinalizer(placement),
          ] as const,
        ]
      : []),
    ...(installed.mariadb
      ? [
          [mariaDBDatabaseResource, namespace, DATABASE_NAME, PLACEMENT_FINALIZER] as const,
          [mariaDBAccountResource, namespace, databaseAccountName(placement), PLACEMENT_FINALIZER] as const,
        ]
      : []),
    ...(installed.keystone
      ? [
          [keystoneEndpointResource, namespace, SERVICE_NAME, PLACEMENT_FINALIZER] as const,
          [keystoneServiceResource, namespace, SERVICE_NAME, PLACEMENT_FINALIZER] as const,
        ]
      : []),
  ];
  for (const [resource, objectNamespace, name, finalizer] of targets) {
    const object = await getDependency(ctx, resource, objectNamespace, name);
    if (!object || !hasFinalizer(object, finalizer)) continue;
    const result = await removeFinalizer(ctx, resource, object, finalizer);
    if (result) return result;
  }
  return undefined;
}

/** Several PlacementAPIs may share a Topology, so each holds it with a finalizer of its own. */
export function topologyFinalizer(placement: PlacementAPI): string {
  return `${PLACEMENT_FINALIZER}-${placement.metadata.name ?? ''}`;
}

export const placementDeclaration: RackpilotController<PlacementAPI> = {
  name: 'placement',
  reconciles: placementApiResource,
  owns: [
    secretResource,
    serviceAccountResource,
    roleResource,
    roleBindingResource,
    serviceResource,
    jobResource,
    deploymentResource,
  ],
  watches: [
    {
      resource: secretResource,
      map: (secret, _previous, caches: InformerSet) =>
        caches
          .of(placementApiResource)
          .byIndex(PLACEMENT_SECRET_INDEX, objectKey(secret as V1Secret))
          .map(objectKey),
    },
  ],
  indexes: [{ resource: placementApiResource, name: PLACEMENT_SECRET_INDEX, values: secretsOf }],
  finalizer: PLACEMENT_FINALIZER,
  // A pass waits on a dozen API round trips (discovery, the dependencies, the objects, the status);
  // with two workers fifty PlacementAPIs created at once queued behind them (bench:placement, 2026-11-27).
  workers: 8,
  delegates: PLACEMENT_ROLE_RULES,
  alsoCalls: [
    { resource: secretResource, verbs: ['create'] },
    // Applied (server-side apply), which creates them when absent: that needs create as well as patch.
    ...[
      mariaDBAccountResource,
      mariaDBDatabaseResource,
      keystoneServiceResource,
      keystoneEndpointResource,
    ].map((resource) => ({
      resource,
      verbs: ['get' as const, 'list' as const, 'create' as const, 'patch' as const],
    })),
    { resource: topologyResource, verbs: ['get', 'patch'] },
    { resource: keystoneAPIResource, verbs: ['list'] },
    { resource: networkAttachmentDefinitionResource, verbs: ['get'] },
    { resource: podResource, verbs: ['list'] },
  ],
  setup: (ctx, services) => {
    // Which operators are installed is looked at as often as the dependencies themselves: at most once
    // per poll interval, not four discovery requests per pass.
    const installedNow = heldFor(services.dependencyPollMs, () => installedGroups(ctx));
    return {
      reconcile: reconcileWith(ctx, reconcileSteps(ctx, services.dependencyPollMs, installedNow)),
      finalize: (placement) => finalizePlacement(ctx, placement),
    };
  },
};
