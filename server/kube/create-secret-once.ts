import type { KubernetesObject, V1Secret } from '@kubernetes/client-node';
import { FIELD_MANAGER, isConflict, objectPath } from './apply';
import type { ControllerContext } from './controller-context';
import { kubeGetJson, kubeRequestJson } from './kube-request';
import { isControlledBy } from './owner-references';
import { collectionPath, secretResource } from './resource';
import type { SecretValues } from './secret-values';
import { MANAGED_BY, MANAGED_BY_LABEL } from './sync-owned-objects';

/** What creating a generated Secret uses of a controller's context: a benchmark's floor gives the same. */
export type SecretWriter = Pick<ControllerContext, 'kc' | 'metrics' | 'controller'> & {
  secrets: Pick<SecretValues, 'remember'>;
};

/** A name a controller wants for a generated Secret is held by a Secret that is not its owner's. */
export class SecretNameTaken extends Error {
  override name = 'SecretNameTaken';
}

/** A generated Secret as it is created: with the label every object Rackpilot makes carries. */
export function generatedSecret(secret: V1Secret): V1Secret {
  // Object.assign, not spread: the metadata type is a client-node class (plain data in practice).
  const labels = Object.assign({}, secret.metadata?.labels, { [MANAGED_BY_LABEL]: MANAGED_BY });
  return Object.assign({}, secret, { metadata: Object.assign({}, secret.metadata, { labels }) });
}

/**
 * Creates a Secret whose values a controller generates (a password, a key), unless one of its name
 * exists: it is never written again, so the values it was made with stay, also across a crash between
 * creating and using it. Returns the Secret as created, held in ctx.secrets so the next pass reads it
 * without a GET; undefined when one of that name was already there (an earlier pass made it). Given
 * `owner`, an existing Secret that `owner` does not control is not taken for its own: SecretNameTaken.
 */
export async function createSecretOnce(
  ctx: SecretWriter,
  secret: V1Secret,
  owner?: KubernetesObject,
): Promise<V1Secret | undefined> {
  const namespace = secret.metadata?.namespace ?? '';
  const name = secret.metadata?.name ?? '';
  try {
    const created = await kubeRequestJson<V1Secret>(ctx.kc, collectionPath(secretResource, namespace), {
      method: 'POST',
      body: generatedSecret(secret),
      query: { fieldManager: FIELD_MANAGER },
    });
    ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'create' });
    ctx.secrets.remember(created);
    return created;
  } catch (error) {
    if (!isConflict(error)) throw error;
  }
  if (owner) {
    const existing = await kubeGetJson<V1Secret>(ctx.kc, objectPath(secretResource, namespace, name));
    if (!isControlledBy(existing, owner)) {
      throw new SecretNameTaken(
        `Secret ${name} already exists and was not generated for ${owner.kind ?? ''} ${owner.metadata?.name ?? ''}; ` +
          'delete it or reference it in the spec',
      );
    }
  }
  return undefined;
}
