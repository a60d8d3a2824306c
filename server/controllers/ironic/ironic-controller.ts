import type { KubernetesObject, V1Secret } from '@kubernetes/client-node';
import { BoundedSet } from '../../lib/bounded-set';
import { isConflict, mergePatch } from '../../kube/apply';
import type { ControllerContext } from '../../kube/controller-context';
import type { ReconcileResult } from '../../kube/controller-declaration';
import { objectKey } from '../../kube/informer';
import type { InformerSet } from '../../kube/informer-set';
import { deploymentResource, secretResource, serviceResource } from '../../kube/resource';
import { ironicResource, type Ironic } from '../../types/crds/ironic';
import { ironicDatabaseResource } from '../../types/crds/ironic-database';
import type { RackpilotController } from '../controller-services';
import {
  generatedCredentialsSecret,
  generatePassword,
  HTPASSWD_KEY,
  htpasswdEntry,
  htpasswdMatches,
  readCredentials,
} from './credentials';
import { databaseCredentialsName, generatedIronicCredentialsName, IRONIC_FINALIZER } from './ironic-names';
import { finalize, generateLinkedSecret } from './owner-lifecycle';
import { planIronic, type IronicObserved, type IronicPlan } from './plan-ironic';
import { workloadLookups } from './workload-lookups';
import { endPass, reconcileWith, type ReconcileSteps } from '../../kube/reconcile-steps';
import type { SecretLookup } from '../../kube/secret-values';

const RETRY_MS = 30_000;

/** Secret uid/resourceVersion pairs whose htpasswd was verified: bcrypt is slow on purpose. */
type VerifiedHtpasswd = BoundedSet<string>;
/** Far more Secrets than Ironics a site runs; a forgotten one is only verified again. */
const VERIFIED_LIMIT = 4096;

/** What the planner reads: the Ironic, its Secrets, the workloads it owns and its database, from the caches. */
function lookups(ctx: ControllerContext, ironic: Ironic, secret: SecretLookup): IronicObserved {
  const databases = ctx.informers.of(ironicDatabaseResource);
  return {
    ironic,
    ...workloadLookups(ctx, secret),
    database: (namespace, name) => databases.get(name, namespace),
  };
}

/** Which content of a Secret was verified: a changed Secret has a new resourceVersion. */
function secretVersion(secret: V1Secret): string {
  return `${secret.metadata?.uid ?? ''}/${secret.metadata?.resourceVersion ?? ''}`;
}

/**
 * Generates the API credentials once and links them from spec.credentialsRef. Their htpasswd line
 * was made from them here, so the Secret as created counts as verified: no second bcrypt round.
 */
async function generateCredentials(
  ctx: ControllerContext,
  ironic: Ironic,
  verified: VerifiedHtpasswd,
): Promise<ReconcileResult | undefined> {
  const name = generatedIronicCredentialsName(ironic.metadata.name ?? '');
  const credentials = {
    username: (ironic.metadata.name ?? 'ironic').replace(/\./g, '-'),
    password: generatePassword(),
  };
  return generateLinkedSecret(
    ctx,
    ironicResource,
    ironic,
    {
      secret: generatedCredentialsSecret(ironic, name, credentials, await htpasswdEntry(credentials)),
      spec: { credentialsRef: { name } },
      event: { reason: 'APISecretCreated', note: `generated API credentials in Secret ${name}` },
      created: (stored) => {
        verified.add(secretVersion(stored));
      },
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
  const secret = await ctx.secrets.get(namespace, name);
  if (!secret) return false;
  const version = secretVersion(secret);
  if (verified.has(version)) return false;
  const credentials = readCredentials(secret, 'API credentials');
  // The planner reports unusable credentials; nothing to write here.
  if (!credentials.ok) return false;
  const current = secret.data?.[HTPASSWD_KEY];
  if (
    await htpasswdMatches(
      current ? Buffer.from(current, 'base64').toString('utf8') : undefined,
      credentials.value,
    )
  ) {
    verified.add(version);
    return false;
  }
  try {
    await mergePatch(ctx.kc, secretResource, namespace, name, {
      metadata: { resourceVersion: secret.metadata?.resourceVersion },
      data: { [HTPASSWD_KEY]: Buffer.from(await htpasswdEntry(credentials.value)).toString('base64') },
    });
  } catch (error) {
    // The Secret changed meanwhile: its update event brings us back.
    if (isConflict(error)) return true;
    throw error;
  }
  ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'htpasswd' });
  void ctx.events.record(ironic, {
    type: 'Normal',
    reason: 'APISecretUpdated',
    note: `wrote the htpasswd entry for the credentials in Secret ${name}`,
    action: 'Reconcile',
  });
  return true;
}

/**
 * The credentials are generated and linked, and their htpasswd key kept in line, before anything is
 * planned from them: a pass that writes either ends there, and the write's event brings the Ironic back.
 */
function reconcileSteps(
  ctx: ControllerContext,
  verified: VerifiedHtpasswd,
): ReconcileSteps<Ironic, Ironic, IronicPlan> {
  return {
    resource: ironicResource,
    observe: async (ironic) => {
      if (!ironic.spec?.credentialsRef?.name)
        return endPass(await generateCredentials(ctx, ironic, verified));
      if (await syncHtpasswd(ctx, ironic, verified)) return endPass();
      return ironic;
    },
    plan: (ironic, { secret, now }) => planIronic(lookups(ctx, ironic, secret), now),
  };
}

/** Ironics that read a Secret: their credentials, TLS or database credentials, or a generated name. */
function ironicsUsingSecret(secret: KubernetesObject, caches: InformerSet): string[] {
  const namespace = secret.metadata?.namespace;
  const name = secret.metadata?.name;
  const databases = caches.of(ironicDatabaseResource);
  return caches
    .of(ironicResource)
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

export const ironicDeclaration: RackpilotController<Ironic> = {
  name: 'ironic',
  reconciles: ironicResource,
  owns: [serviceResource, deploymentResource],
  watches: [
    { resource: secretResource, map: (secret, _previous, caches) => ironicsUsingSecret(secret, caches) },
    {
      resource: ironicDatabaseResource,
      map: (database, _previous, caches) =>
        caches
          .of(ironicResource)
          .list()
          .filter(
            (ironic) =>
              ironic.metadata.namespace === database.metadata?.namespace &&
              ironic.spec?.databaseRef?.name === database.metadata?.name,
          )
          .map(objectKey),
    },
  ],
  finalizer: IRONIC_FINALIZER,
  // Each pass waits on several API round trips (finalizer, credentials, link, objects, status); with two
  // workers a hundred Ironics created at once queued behind them (bench:ironic, 2026-11-26).
  workers: 8,
  // Generated credentials are created once (never re-applied), the htpasswd key kept in line, and
  // both removed on deletion.
  alsoCalls: [{ resource: secretResource, verbs: ['create', 'patch', 'delete'] }],
  setup: (ctx) => {
    /** Lives as long as the process: bcrypt is slow on purpose, so a verified Secret is not re-checked. */
    const verified: VerifiedHtpasswd = new BoundedSet(VERIFIED_LIMIT);
    ctx.metrics.trackCache('ironic-verified-htpasswd', {
      size: () => verified.size,
      evictions: () => verified.evictions,
    });
    return {
      reconcile: reconcileWith(ctx, reconcileSteps(ctx, verified)),
      finalize: (ironic) => finalize(ctx, ironic),
    };
  },
};
