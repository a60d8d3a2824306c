import type { V1Deployment, V1Service } from '@kubernetes/client-node';
import { deploymentProgress } from '../common/deployment-progress';
import type { ReadyVerdict } from '../common/ready-condition';
import { IRONIC_READY_REASONS, type IronicReadyReason } from './ironic-names';

/**
 * Ready only when the Deployment serves the desired spec (upstream: observed generation, new
 * ReplicaSet available, Available=True) and the Service has its cluster IP. A rollout past its
 * progress deadline is a failure, as upstream treats ProgressDeadlineExceeded.
 */
export function workloadVerdict(
  desired: V1Deployment,
  observed: V1Deployment | undefined,
  service: V1Service | undefined,
  availableMessage: string,
): ReadyVerdict<IronicReadyReason> {
  const progressing = observed?.status?.conditions?.find((c) => c.type === 'Progressing');
  if (progressing?.reason === 'ProgressDeadlineExceeded') {
    return {
      status: 'False',
      reason: IRONIC_READY_REASONS.failed,
      message: `deployment ${desired.metadata?.name ?? ''} failed: ${progressing.message ?? 'progress deadline exceeded'}`,
    };
  }
  // One message for every step of a rollout: each change of message is a status write, and the
  // steps (created, updated, available) pass within seconds; the Deployment itself shows them.
  if (deploymentProgress(desired, observed) !== undefined) {
    return {
      status: 'False',
      reason: IRONIC_READY_REASONS.inProgress,
      message: `deployment ${desired.metadata?.name ?? ''} not available yet`,
    };
  }
  if (!service?.spec?.clusterIP) {
    return {
      status: 'False',
      reason: IRONIC_READY_REASONS.inProgress,
      message: 'service has no cluster IP yet',
    };
  }
  return { status: 'True', reason: IRONIC_READY_REASONS.available, message: availableMessage };
}
