import { deleteObject } from '../../kube/apply';
import { secretResource } from '../../kube/resource';
import { ironicDatabaseResource, ironicResource } from '../../types/crds';
import { deleteCachedObject } from '../cached-object';
import type { HandlerOptions } from '../trpc';
import type { DeleteInput } from './delete.schema';
import { databases, ironics } from './ironic-cache';
import { ironicLeftovers } from './ironic-leftovers';

export interface IronicDeleteOutcome {
  status: 'deleting';
  /** What went with it besides what it owns ("IronicDatabase metal/db", "Secret metal/lab-tls"). */
  removed: string[];
}

/**
 * Deletes the Ironic; its Deployment, Service and generated credentials go with it. With `alsoRemove`,
 * its IronicDatabase and TLS Secret too, each only when no other object uses it (ironic-leftovers.ts).
 */
export async function deleteHandler({
  ctx,
  input,
}: HandlerOptions<DeleteInput>): Promise<IronicDeleteOutcome> {
  const { runtime } = ctx;
  const ironic = ironics(runtime).get(input.name, input.namespace);
  const leftovers = ironic ? ironicLeftovers(ironic, ironics(runtime).list(), databases(runtime).list()) : {};
  await deleteCachedObject(runtime, ironicResource, input);
  const removed: string[] = [];
  if (!input.alsoRemove) return { status: 'deleting', removed };
  const { database, tlsSecret } = leftovers;
  if (database && database.usedBy.length === 0) {
    await deleteObject(runtime.kc, ironicDatabaseResource, input.namespace, database.name);
    removed.push(`IronicDatabase ${input.namespace}/${database.name}`);
  }
  if (tlsSecret && tlsSecret.usedBy.length === 0) {
    await deleteObject(runtime.kc, secretResource, input.namespace, tlsSecret.name);
    removed.push(`Secret ${input.namespace}/${tlsSecret.name}`);
  }
  return { status: 'deleting', removed };
}
