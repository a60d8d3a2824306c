import type { ControllerContext } from '../../kube/controller-context';
import type { ReconcileResult } from '../../kube/controller-declaration';
import { objectKey } from '../../kube/informer';
import { deploymentResource, secretResource, serviceResource } from '../../kube/resource';
import { ironicDatabaseResource, type IronicDatabase } from '../../types/crds/ironic-database';
import type { RackpilotController } from '../controller-services';
import { generatedCredentialsSecret, generatePassword } from './credentials';
import {
  databaseCredentialsName,
  databaseTlsName,
  generatedDatabaseCredentialsName,
  IRONIC_FINALIZER,
} from './ironic-names';
import { finalize, generateLinkedSecret } from './owner-lifecycle';
import { planIronicDatabase, type DatabaseObserved, type DatabasePlan } from './plan-ironic-database';
import { workloadLookups } from './workload-lookups';
import { endPass, reconcileWith, type ReconcileSteps } from '../../kube/reconcile-steps';
import type { SecretLookup } from '../../kube/secret-values';

const RETRY_MS = 30_000;

/** What the planner reads: the database, its Secrets and the workloads it owns, from the caches. */
function lookups(ctx: ControllerContext, database: IronicDatabase, secret: SecretLookup): DatabaseObserved {
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

/** The credentials are generated and linked before anything is planned from them. */
function reconcileSteps(
  ctx: ControllerContext,
): ReconcileSteps<IronicDatabase, IronicDatabase, DatabasePlan> {
  return {
    resource: ironicDatabaseResource,
    observe: async (database) =>
      !database.spec?.externalIP && !databaseCredentialsName(database)
        ? endPass(await generateCredentials(ctx, database))
        : database,
    plan: (database, { secret, now }) => planIronicDatabase(lookups(ctx, database, secret), now),
  };
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
    reconcile: reconcileWith(ctx, reconcileSteps(ctx)),
    finalize: (database) => finalize(ctx, database),
  }),
};
