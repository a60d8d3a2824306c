import type { KubernetesObject } from '@kubernetes/client-node';
import type { ControllerSpec, ReconcileRequest, ReconcileResult } from '../../kube/controller';
import type { ControllerContext } from '../../kube/controller-context';
import { objectKey } from '../../kube/informer';
import { syncOwnedObjects } from '../../kube/sync-owned-objects';
import { ironicDatabaseResource, type IronicDatabase } from '../../types/crds/ironic-database';
import { writeStatusIfChanged } from '../common/write-status';
import { generatedCredentialsSecret, generatePassword } from './credentials';
import {
  databaseCredentialsName,
  databaseTlsName,
  DATABASE_OWNER_LABEL,
  generatedDatabaseCredentialsName,
} from './ironic-names';
import { finalize, generateLinkedSecret, withFinalizer } from './owner-lifecycle';
import { planIronicDatabase, type DatabaseObserved } from './plan-ironic-database';
import { workloadLookups } from './workload-lookups';

const CONTROLLER = 'ironic-database';
const RETRY_MS = 30_000;

function observe(ctx: ControllerContext, database: IronicDatabase): DatabaseObserved {
  return { database, ...workloadLookups(ctx) };
}

/** Generates the MariaDB user once and links it from spec.credentialsRef. */
async function generateCredentials(
  ctx: ControllerContext,
  database: IronicDatabase,
): Promise<ReconcileResult | undefined> {
  const name = generatedDatabaseCredentialsName(database.metadata.name ?? '');
  return generateLinkedSecret(
    ctx,
    CONTROLLER,
    ironicDatabaseResource,
    database,
    {
      secret: generatedCredentialsSecret(
        database,
        name,
        { username: 'ironic', password: generatePassword() },
        false,
      ),
      spec: { credentialsRef: { name } },
      event: { reason: 'DatabaseSecretCreated', note: `generated database credentials in Secret ${name}` },
    },
    RETRY_MS,
  );
}

export async function reconcileIronicDatabase(
  ctx: ControllerContext,
  request: ReconcileRequest,
): Promise<ReconcileResult | undefined> {
  const cached = ctx.informers
    .informer<IronicDatabase>('IronicDatabase')
    .get(request.name, request.namespace);
  if (!cached) return undefined;
  if (cached.metadata.deletionTimestamp)
    return finalize(ctx, CONTROLLER, ironicDatabaseResource, cached, DATABASE_OWNER_LABEL);
  const database = await withFinalizer(ctx, CONTROLLER, ironicDatabaseResource, cached);
  if (!database) return { conflict: true };
  if (!database.spec?.externalIP && !databaseCredentialsName(database))
    return generateCredentials(ctx, database);

  const plan = planIronicDatabase(observe(ctx, database), new Date());
  await syncOwnedObjects(
    ctx,
    CONTROLLER,
    request.namespace ?? '',
    [DATABASE_OWNER_LABEL, request.name],
    plan.objects,
    plan.pruneOwned,
  );
  await writeStatusIfChanged(ctx, CONTROLLER, ironicDatabaseResource, database, plan.status);
  for (const event of plan.events) void ctx.events.record(database, { ...event, action: 'Reconcile' });
  return undefined;
}

export function ironicDatabaseController(ctx: ControllerContext): ControllerSpec {
  const ownerKey = (object: KubernetesObject): string[] => {
    const owner = object.metadata?.labels?.[DATABASE_OWNER_LABEL];
    return owner && object.metadata?.namespace ? [`${object.metadata.namespace}/${owner}`] : [];
  };
  return {
    name: CONTROLLER,
    kind: 'IronicDatabase',
    watches: [
      {
        kind: 'Secret',
        map: (secret) =>
          ctx.informers
            .informer<IronicDatabase>('IronicDatabase')
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
      { kind: 'Deployment', map: ownerKey },
      { kind: 'Service', map: ownerKey },
    ],
    reconcile: (request) => reconcileIronicDatabase(ctx, request),
  };
}
