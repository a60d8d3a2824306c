import type { ControllerContext } from '../../kube/controller-context';
import type { ReconcileResult } from '../../kube/controller-declaration';
import { objectKey } from '../../kube/informer';
import { deploymentResource, secretResource, serviceResource } from '../../kube/resource';
import { syncOwnedObjects } from '../../kube/sync-owned-objects';
import { ironicDatabaseResource, type IronicDatabase } from '../../types/crds/ironic-database';
import { writeStatus } from '../../kube/write-status';
import type { RackpilotController } from '../controller-services';
import { generatedCredentialsSecret, generatePassword } from './credentials';
import {
  databaseCredentialsName,
  databaseTlsName,
  generatedDatabaseCredentialsName,
  IRONIC_FINALIZER,
} from './ironic-names';
import { finalize, generateLinkedSecret } from './owner-lifecycle';
import { planIronicDatabase, type DatabaseObserved } from './plan-ironic-database';
import { workloadLookups } from './workload-lookups';
import { planWithSecrets, type SecretLookup } from '../../kube/secret-values';
import { timedPlan } from '../../kube/timed-plan';

const RETRY_MS = 30_000;

function observe(ctx: ControllerContext, database: IronicDatabase, secret: SecretLookup): DatabaseObserved {
  return { database, ...workloadLookups(ctx, secret) };
}

/** Generates the MariaDB user once and links it from spec.credentialsRef. */
async function generateCredentials(
  ctx: ControllerContext,
  database: IronicDatabase,
): Promise<ReconcileResult | undefined> {
  const name = generatedDatabaseCredentialsName(database.metadata.name ?? '');
  return generateLinkedSecret(
    ctx,
    ironicDatabaseResource,
    database,
    {
      secret: generatedCredentialsSecret(database, name, {
        username: 'ironic',
        password: generatePassword(),
      }),
      spec: { credentialsRef: { name } },
      event: { reason: 'DatabaseSecretCreated', note: `generated database credentials in Secret ${name}` },
    },
    RETRY_MS,
  );
}

export async function reconcileIronicDatabase(
  ctx: ControllerContext,
  database: IronicDatabase,
): Promise<ReconcileResult | undefined> {
  if (!database.spec?.externalIP && !databaseCredentialsName(database))
    return generateCredentials(ctx, database);

  const now = new Date();
  return planWithSecrets(
    ctx.secrets,
    (secret) => timedPlan(ctx, () => planIronicDatabase(observe(ctx, database, secret), now)),
    async (plan) => {
      await syncOwnedObjects(ctx, database, plan.objects, plan.pruneOwned);
      await writeStatus(ctx, ironicDatabaseResource, database, plan.status);
      for (const event of plan.events) void ctx.events.record(database, { ...event, action: 'Reconcile' });
      return undefined;
    },
  );
}

export const ironicDatabaseDeclaration: RackpilotController<IronicDatabase> = {
  name: 'ironic-database',
  switch: 'ironic',
  reconciles: ironicDatabaseResource,
  owns: [serviceResource, deploymentResource],
  watches: [
    {
      resource: secretResource,
      map: (secret, _previous, caches) =>
        caches
          .of(ironicDatabaseResource)
          .list()
          .filter((database) => {
            const name = secret.metadata?.name;
            const credentials = databaseCredentialsName(database);
            return (
              database.metadata.namespace === secret.metadata?.namespace &&
              (credentials === name ||
                databaseTlsName(database) === name ||
                (!credentials && generatedDatabaseCredentialsName(database.metadata.name ?? '') === name))
            );
          })
          .map(objectKey),
    },
  ],
  finalizer: IRONIC_FINALIZER,
  alsoCalls: [{ resource: secretResource, verbs: ['create', 'delete'] }],
  setup: (ctx) => ({
    reconcile: (database) => reconcileIronicDatabase(ctx, database),
    finalize: (database) => finalize(ctx, database),
  }),
};
