import type { WithConditions } from '../controllers/common';
import { isoTime } from './iso-time';

/** The Ready condition of a custom resource as list rows and detail pages show it. */
export interface ReadyView {
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  since?: string;
  /** The condition was written for an older generation of the spec: the controller is behind. */
  outdated: boolean;
}

export function readyView(object: WithConditions, notReconciledMessage: string): ReadyView {
  const condition = object.status?.conditions?.find((c) => c.type === 'Ready');
  if (!condition) {
    return { status: 'Unknown', reason: 'NotReconciled', message: notReconciledMessage, outdated: false };
  }
  const generation = object.metadata.generation;
  return {
    status: condition.status,
    reason: condition.reason,
    message: condition.message,
    since: isoTime(condition.lastTransitionTime),
    outdated:
      generation !== undefined &&
      condition.observedGeneration !== undefined &&
      condition.observedGeneration < generation,
  };
}
