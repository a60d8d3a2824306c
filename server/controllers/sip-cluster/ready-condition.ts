import type { SIPCluster, SIPClusterCondition } from '../../types/crds/sip-cluster';

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

export interface ReadyVerdict {
  status: 'True' | 'False';
  reason: SipReadyReason;
  message: string;
}

export const READY = 'Ready';

/** metav1.Condition caps messages at 32768 characters; the API server would reject the status. */
const MAX_MESSAGE = 32_768;

/**
 * The Ready condition for a verdict. lastTransitionTime moves only when the status flips (a new
 * reason or message alone keeps it), so an unchanged verdict gives an identical condition and the
 * reconcile writes nothing. Times are RFC 3339 in whole seconds, the precision metav1.Time keeps,
 * so what is read back compares equal to what was written.
 */
export function sipReadyCondition(
  cluster: SIPCluster,
  verdict: ReadyVerdict,
  now: Date,
): SIPClusterCondition {
  const previous = previousReady(cluster);
  const condition: SIPClusterCondition = {
    type: READY,
    status: verdict.status,
    reason: verdict.reason,
    message: truncate(verdict.message, MAX_MESSAGE),
    lastTransitionTime:
      previous?.status === verdict.status
        ? previous.lastTransitionTime
        : `${now.toISOString().slice(0, 19)}Z`,
  };
  const generation = cluster.metadata.generation;
  if (generation !== undefined) condition.observedGeneration = generation;
  return condition;
}

export function previousReady(cluster: SIPCluster): SIPClusterCondition | undefined {
  return cluster.status?.conditions?.find((condition) => condition.type === READY);
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
