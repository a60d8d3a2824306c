import type { PlannedEvent } from '../../kube/reconcile-steps';

/** A metav1.Condition as the CRDs' status schemas define it. */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  observedGeneration?: number;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

/** Any custom resource with a generation and status.conditions. */
export interface WithConditions {
  metadata: { generation?: number };
  status?: { conditions?: Condition[] };
}

export interface ReadyVerdict<Reason extends string = string> {
  status: 'True' | 'False';
  reason: Reason;
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
export function readyCondition(owner: WithConditions, verdict: ReadyVerdict, now: Date): Condition {
  const previous = previousReady(owner);
  const condition: Condition = {
    type: READY,
    status: verdict.status,
    reason: verdict.reason,
    message: truncate(verdict.message, MAX_MESSAGE),
    lastTransitionTime:
      previous?.status === verdict.status
        ? previous.lastTransitionTime
        : `${now.toISOString().slice(0, 19)}Z`,
  };
  const generation = owner.metadata.generation;
  if (generation !== undefined) condition.observedGeneration = generation;
  return condition;
}

/**
 * What a verdict is worth telling as an event: becoming ready (Normal) and ceasing to be (Warning),
 * each with the verdict's reason and message. A verdict that keeps the stored Ready status says
 * nothing new, and the not-ready verdicts before an object is first ready are its progress.
 */
export function readyEvents(owner: WithConditions, verdict: ReadyVerdict): PlannedEvent[] {
  const wasReady = previousReady(owner)?.status === 'True';
  if ((verdict.status === 'True') === wasReady) return [];
  return [
    { type: verdict.status === 'True' ? 'Normal' : 'Warning', reason: verdict.reason, note: verdict.message },
  ];
}

export function previousReady(owner: WithConditions): Condition | undefined {
  return owner.status?.conditions?.find((condition) => condition.type === READY);
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
