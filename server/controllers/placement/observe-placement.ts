/**
 * Reads what the planner needs: the caches for the owned kinds, and the API server for other
 * operators' kinds (not cached: their CRDs may be missing). Secret values are the reconcile's to
 * fetch (planWithSecrets).
 */
import { randomBytes } from 'node:crypto';
import type { V1Pod, V1Secret } from '@kubernetes/client-node';
import { isNotFound, objectPath } from '../../kube/apply';
import type { ControllerContext } from '../../kube/controller-context';
import { createSecretOnce } from '../../kube/create-secret-once';
import { kubeGetJson, kubeRequestJson } from '../../kube/kube-request';
import {
  collectionPath,
  podResource,
  secretResource,
  type ResourceDescriptor,
  deploymentResource,
  jobResource,
  serviceResource,
} from '../../kube/resource';
import { MANAGED_BY, MANAGED_BY_LABEL } from '../../kube/sync-owned-objects';
import type { PlacementAPI } from '../../types/crds/placement-api';
import { base64Data } from '../common/content-hash';
import {
  DEPENDENCY_GROUPS,
  keystoneAPIResource,
  keystoneEndpointResource,
  keystoneServiceResource,
  mariaDBAccountResource,
  mariaDBDatabaseResource,
  networkAttachmentDefinitionResource,
  topologyResource,
  type DependencyObject,
  type InstalledGroups,
} from './dependency-resources';
import { DATABASE_NAME, DATABASE_PASSWORD_KEY, names, ownerReference, SERVICE_NAME } from './placement-names';
import type { PlacementObserved } from './plan-placement';
import { databaseAccountName } from './render-dependencies';

/** Whether the API server serves a kind (its CRD is installed). */
async function serves(ctx: ControllerContext, resource: ResourceDescriptor): Promise<boolean> {
  try {
    const list = await kubeGetJson<{ resources?: { name: string }[] }>(
      ctx.kc,
      `/apis/${resource.group}/${resource.version}`,
    );
    return (list.resources ?? []).some((r) => r.name === resource.plural);
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

export async function installedGroups(ctx: ControllerContext): Promise<InstalledGroups> {
  const entries = await Promise.all(
    Object.entries(DEPENDENCY_GROUPS).map(async ([group, resource]) => [group, await serves(ctx, resource)]),
  );
  return Object.fromEntries(entries) as InstalledGroups;
}

export async function getDependency(
  ctx: ControllerContext,
  resource: ResourceDescriptor,
  namespace: string,
  name: string,
): Promise<DependencyObject | undefined> {
  try {
    return await kubeGetJson<DependencyObject>(ctx.kc, objectPath(resource, namespace, name));
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

async function listIn(ctx: ControllerContext, resource: ResourceDescriptor, namespace: string, query = {}) {
  const list = await kubeRequestJson<{ items?: DependencyObject[] }>(
    ctx.kc,
    collectionPath(resource, namespace),
    {
      query,
    },
  );
  return list.items ?? [];
}

/**
 * The database account's password Secret with a newly generated password. The PlacementAPI owns it
 * without being its controller, so pruning leaves it and the garbage collector takes it with the
 * PlacementAPI.
 */
export function generatedAccountSecret(placement: PlacementAPI): V1Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'Opaque',
    metadata: {
      name: names.accountSecret(databaseAccountName(placement)),
      namespace: placement.metadata.namespace ?? '',
      labels: { [MANAGED_BY_LABEL]: MANAGED_BY, mariaDBDatabaseName: DATABASE_NAME },
      ownerReferences: [Object.assign({}, ownerReference(placement), { controller: false })],
    },
    data: base64Data({ [DATABASE_PASSWORD_KEY]: randomBytes(18).toString('base64url') }),
  };
}

/**
 * mariadb-operator's EnsureMariaDBAccount generates the account's password Secret once; so does
 * this (a 409 means an earlier pass made it).
 */
export async function ensureAccountSecret(ctx: ControllerContext, placement: PlacementAPI): Promise<void> {
  const namespace = placement.metadata.namespace ?? '';
  const name = names.accountSecret(databaseAccountName(placement));
  if (!ctx.informers.of(secretResource).get(name, namespace))
    await createSecretOnce(ctx, generatedAccountSecret(placement));
}

export async function observePlacement(
  ctx: ControllerContext,
  placement: PlacementAPI,
  installed: InstalledGroups,
): Promise<Omit<PlacementObserved, 'secret'>> {
  const namespace = placement.metadata.namespace ?? '';
  const name = placement.metadata.name ?? '';
  const spec = placement.spec;
  const get = (resource: ResourceDescriptor, objectName: string) =>
    getDependency(ctx, resource, namespace, objectName);
  const attachments = spec.networkAttachments ?? [];
  const [account, database, keystoneAPIs, keystoneService, keystoneEndpoint, nads, topology, pods] =
    await Promise.all([
      installed.mariadb ? get(mariaDBAccountResource, databaseAccountName(placement)) : undefined,
      installed.mariadb ? get(mariaDBDatabaseResource, DATABASE_NAME) : undefined,
      installed.keystone ? listIn(ctx, keystoneAPIResource, namespace) : [],
      installed.keystone ? get(keystoneServiceResource, SERVICE_NAME) : undefined,
      installed.keystone ? get(keystoneEndpointResource, SERVICE_NAME) : undefined,
      installed.nad && attachments.length > 0
        ? Promise.all(attachments.map((nad) => get(networkAttachmentDefinitionResource, nad)))
        : [],
      installed.topology && spec.topologyRef
        ? getDependency(ctx, topologyResource, spec.topologyRef.namespace ?? namespace, spec.topologyRef.name)
        : undefined,
      attachments.length > 0
        ? listIn(ctx, podResource, namespace, { labelSelector: `service=${SERVICE_NAME},owner=${name}` })
        : [],
    ]);
  const services = ctx.informers.of(serviceResource);
  return {
    placement,
    installed,
    account,
    database,
    keystoneAPI: keystoneAPIs[0],
    keystoneService,
    keystoneEndpoint,
    networkAttachmentDefinitions: new Set(
      nads.flatMap((nad) => (nad?.metadata?.name ? [nad.metadata.name] : [])),
    ),
    topology,
    deployment: ctx.informers.of(deploymentResource).get(names.deployment(name), namespace),
    job: ctx.informers.of(jobResource).get(names.dbSyncJob(name), namespace),
    service: (serviceName) => services.get(serviceName, namespace),
    pods: pods as V1Pod[],
  };
}
