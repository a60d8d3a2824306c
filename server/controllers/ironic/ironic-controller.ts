import type { KubernetesObject, V1Secret } from '@kubernetes/client-node';
import { isConflict, mergePatch } from '../../kube/apply';
import type { ControllerSpec, ReconcileRequest, ReconcileResult } from '../../kube/controller';
import type { ControllerContext } from '../../kube/controller-context';
import { objectKey } from '../../kube/informer';
import { secretResource } from '../../kube/resource';
import { syncOwnedObjects } from '../../kube/sync-owned-objects';
import { ironicResource, type Ironic } from '../../types/crds/ironic';
import type { IronicDatabase } from '../../types/crds/ironic-database';
import { writeStatusIfChanged } from '../common/write-status';
import {
  generatedCredentialsSecret,
  generatePassword,
  HTPASSWD_KEY,
  htpasswdEntry,
  htpasswdMatches,
  readCredentials,
} from './credentials';
import { databaseCredentialsName, generatedIronicCredentialsName, IRONIC_OWNER_LABEL } from './ironic-names';
import { finalize, generateLinkedSecret, withFinalizer } from './owner-lifecycle';
import { planIronic, type IronicObserved } from './plan-ironic';
import { workloadLookups } from './workload-lookups';

const CONTROLLER = 'ironic';
const RETRY_MS = 30_000;

/** Secret uid/resourceVersion pairs whose htpasswd was verified: bcrypt is slow on purpose. */
type VerifiedHtpasswd = Set<string>;

function observe(ctx: ControllerContext, ironic: Ironic): IronicObserved {
  const databases = ctx.informers.informer<IronicDatabase>('IronicDatabase');
  return {
    ironic,
    ...workloadLookups(ctx),
    database: (namespace, name) => databases.get(name, namespace),
  };
}

/** Generates the API credentials once and links them from spec.credentialsRef. */
async function generateCredentials(
  ctx: ControllerContext,
  ironic: Ironic,
): Promise<ReconcileResult | undefined> {
  const name = generatedIronicCredentialsName(ironic.metadata.name ?? '');
  const username = (ironic.metadata.name ?? 'ironic').replace(/\./g, '-');
  return generateLinkedSecret(
    ctx,
    CONTROLLER,
    ironicResource,
    ironic,
    {
      secret: generatedCredentialsSecret(ironic, name, { username, password: generatePassword() }, true),
      spec: { credentialsRef: { name } },
      event: { reason: 'APISecretCreated', note: `generated API credentials in Secret ${name}` },
    },
    RETRY_MS,
  );
}

/**
 * Keeps the htpasswd key of the credentials Secret in line with its username and password (also in
 * a Secret the user provided, as upstream): true when it wrote, and the Secret's update event brings
 * the Ironic back with the new data.
 */
async function syncHtpasswd(
  ctx: ControllerContext,
  ironic: Ironic,
  verified: VerifiedHtpasswd,
): Promise<boolean> {
  const name = ironic.spec?.credentialsRef?.name;
  const namespace = ironic.metadata.namespace ?? '';
  if (!name) return false;
  const secret = ctx.informers.informer<V1Secret>('Secret').get(name, namespace);
  if (!secret) return false;
  const version = `${secret.metadata?.uid ?? ''}/${secret.metadata?.resourceVersion ?? ''}`;
  if (verified.has(version)) return false;
  const credentials = readCredentials(secret, 'API credentials');
  // The planner reports unusable credentials; nothing to write here.
  if (!credentials.ok) return false;
  const current = secret.data?.[HTPASSWD_KEY];
  if (
    htpasswdMatches(current ? Buffer.from(current, 'base64').toString('utf8') : undefined, credentials.value)
  ) {
    verified.add(version);
    return false;
  }
  try {
    await mergePatch(ctx.kc, secretResource, namespace, name, {
      metadata: { resourceVersion: secret.metadata?.resourceVersion },
      data: { [HTPASSWD_KEY]: Buffer.from(htpasswdEntry(credentials.value)).toString('base64') },
    });
  } catch (error) {
    // The Secret changed meanwhile: its update event brings us back.
    if (isConflict(error)) return true;
    throw error;
  }
  ctx.metrics.writes.inc({ controller: CONTROLLER, verb: 'htpasswd' });
  void ctx.events.record(ironic, {
    type: 'Normal',
    reason: 'APISecretUpdated',
    note: `wrote the htpasswd entry for the credentials in Secret ${name}`,
    action: 'Reconcile',
  });
  return true;
}

export async function reconcileIronic(
  ctx: ControllerContext,
  request: ReconcileRequest,
  verified: VerifiedHtpasswd,
): Promise<ReconcileResult | undefined> {
  const cached = ctx.informers.informer<Ironic>('Ironic').get(request.name, request.namespace);
  if (!cached) return undefined;
  if (cached.metadata.deletionTimestamp)
    return finalize(ctx, CONTROLLER, ironicResource, cached, IRONIC_OWNER_LABEL);
  const ironic = await withFinalizer(ctx, CONTROLLER, ironicResource, cached);
  if (!ironic) return { conflict: true };
  if (!ironic.spec?.credentialsRef?.name) return generateCredentials(ctx, ironic);
  if (await syncHtpasswd(ctx, ironic, verified)) return undefined;

  const plan = planIronic(observe(ctx, ironic), new Date());
  await syncOwnedObjects(
    ctx,
    CONTROLLER,
    request.namespace ?? '',
    [IRONIC_OWNER_LABEL, request.name],
    plan.objects,
    plan.pruneOwned,
  );
  await writeStatusIfChanged(ctx, CONTROLLER, ironicResource, ironic, plan.status);
  for (const event of plan.events) {
    // Not awaited: events are a courtesy (record never throws) and must not slow the reconcile down.
    void ctx.events.record(ironic, { ...event, action: 'Reconcile' });
  }
  return undefined;
}

/** Ironics that read a Secret: their credentials, TLS or database credentials, or a generated name. */
function ironicsUsingSecret(ctx: ControllerContext, secret: KubernetesObject): string[] {
  const namespace = secret.metadata?.namespace;
  const name = secret.metadata?.name;
  const databases = ctx.informers.informer<IronicDatabase>('IronicDatabase');
  return ctx.informers
    .informer<Ironic>('Ironic')
    .list()
    .filter((ironic) => {
      if (ironic.metadata.namespace !== namespace) return false;
      const spec = ironic.spec ?? {};
      const databaseRef = spec.databaseRef?.name;
      const database = databaseRef ? databases.get(databaseRef, namespace) : undefined;
      const databaseSecret = database ? databaseCredentialsName(database) : undefined;
      return (
        spec.credentialsRef?.name === name ||
        spec.tlsRef?.name === name ||
        databaseSecret === name ||
        (!spec.credentialsRef && generatedIronicCredentialsName(ironic.metadata.name ?? '') === name)
      );
    })
    .map(objectKey);
}

export function ironicController(ctx: ControllerContext): ControllerSpec {
  const verified: VerifiedHtpasswd = new Set();
  const ownerKey = (object: KubernetesObject): string[] => {
    const owner = object.metadata?.labels?.[IRONIC_OWNER_LABEL];
    return owner && object.metadata?.namespace ? [`${object.metadata.namespace}/${owner}`] : [];
  };
  return {
    name: CONTROLLER,
    kind: 'Ironic',
    watches: [
      { kind: 'Secret', map: (secret) => ironicsUsingSecret(ctx, secret) },
      {
        kind: 'IronicDatabase',
        map: (database) =>
          ctx.informers
            .informer<Ironic>('Ironic')
            .list()
            .filter(
              (ironic) =>
                ironic.metadata.namespace === database.metadata?.namespace &&
                ironic.spec?.databaseRef?.name === database.metadata?.name,
            )
            .map(objectKey),
      },
      { kind: 'Deployment', map: ownerKey },
      { kind: 'Service', map: ownerKey },
    ],
    reconcile: (request) => reconcileIronic(ctx, request, verified),
  };
}
