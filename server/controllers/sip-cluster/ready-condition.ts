import type { SIPCluster, SIPClusterCondition } from '../../types/crds/sip-cluster';
import { readyCondition, type ReadyVerdict as Verdict } from '../common/ready-condition';

export { previousReady, READY, truncate } from '../common/ready-condition';

/** The reasons upstream SIP writes on its single Ready condition. */
export const SIP_READY_REASONS = {
  progressing: 'Progressing',
  unschedulable: 'Unschedulable',
  infraServiceFailure: 'InfraServiceFailure',
  unableToApplyLabels: 'UnableToApplyLabels',
  unableToDecommission: 'UnableToDecommission',
  succeeded: 'ReconciliationSucceeded',
} as const;

export type SipReadyReason = (typeof SIP_READY_REASONS)[keyof typeof SIP_READY_REASONS];

export type ReadyVerdict = Verdict<SipReadyReason>;

export function sipReadyCondition(
  cluster: SIPCluster,
  verdict: ReadyVerdict,
  now: Date,
): SIPClusterCondition {
  return readyCondition(cluster, verdict, now);
}
