import type { V1Deployment } from '@kubernetes/client-node';
import { SPEC_HASH_ANNOTATION } from './content-hash';

/**
 * Why a Deployment is not serving the desired spec yet, or undefined when it is. Checked in this
 * order: it exists; it carries the desired spec hash (otherwise this reconcile is about to update
 * it); the Deployment controller observed its generation; every replica is updated and available.
 * The updated count is checked too, because during a rollout the old pod still counts as available.
 */
export function deploymentProgress(
  desired: V1Deployment,
  observed: V1Deployment | undefined,
): string | undefined {
  if (!observed) return 'not created yet';
  const wantedHash = desired.metadata?.annotations?.[SPEC_HASH_ANNOTATION];
  if (observed.metadata?.annotations?.[SPEC_HASH_ANNOTATION] !== wantedHash) return 'update pending';
  if ((observed.status?.observedGeneration ?? 0) < (observed.metadata?.generation ?? 0))
    return 'rollout not observed yet';
  const replicas = observed.spec?.replicas ?? 1;
  const updated = observed.status?.updatedReplicas ?? 0;
  const available = observed.status?.availableReplicas ?? 0;
  if (updated < replicas) return `${updated}/${replicas} updated`;
  if (available < replicas) return `${available}/${replicas} available`;
  return undefined;
}
