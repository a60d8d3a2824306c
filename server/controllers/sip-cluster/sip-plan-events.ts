/** The events a SIPCluster plan tells: hosts scheduled or released, a new failure, becoming ready. Pure. */
import type { PlannedEvent } from '../../kube/reconcile-steps';
import type { SIPCluster, SIPClusterCondition } from '../../types/crds/sip-cluster';
import type { HostMoves, MovedHost } from './host-moves';
import { previousReady, SIP_READY_REASONS, truncate } from './ready-condition';
import { count } from './sip-ready-verdict';
import { hostKey } from './stable-order';

/** Events carry at most 1 KiB of note in events.k8s.io/v1. */
const MAX_EVENT_NOTE = 1024;

export function sipPlanEvents(
  cluster: SIPCluster,
  { selected, released }: HostMoves,
  condition: SIPClusterCondition,
): PlannedEvent[] {
  const events: PlannedEvent[] = [];
  if (selected.length > 0) {
    events.push(
      event('Normal', 'Scheduled', `Scheduled ${count(selected.length, 'host')}: ${listHosts(selected)}`),
    );
  }
  if (released.length > 0) {
    events.push(
      event('Normal', 'Released', `Released ${count(released.length, 'host')}: ${listHosts(released)}`),
    );
  }
  const previous = previousReady(cluster);
  const changed =
    previous?.status !== condition.status ||
    previous.reason !== condition.reason ||
    previous.message !== condition.message;
  if (changed && condition.status === 'False' && condition.reason !== SIP_READY_REASONS.progressing) {
    events.push(event('Warning', condition.reason, condition.message));
  }
  if (condition.status === 'True' && previous?.status !== 'True') {
    events.push(event('Normal', SIP_READY_REASONS.succeeded, condition.message));
  }
  return events;
}

function listHosts(entries: readonly MovedHost[]): string {
  return entries.map(({ host, role }) => `${hostKey(host)} (${role})`).join(', ');
}

function event(type: PlannedEvent['type'], reason: string, note: string): PlannedEvent {
  return { type, reason, note: truncate(note, MAX_EVENT_NOTE) };
}
