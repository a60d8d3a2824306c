/**
 * What an operator did to a host from the console, recorded where Metal3's own operator records what it
 * does: as a Kubernetes Event regarding the BareMetalHost. `kubectl describe` and the host page's Events
 * tab show it next to the host operator's events, and the Operation history reads it back with who asked.
 */
import type { Runtime } from '../../runtime';
import type { EventInput } from '../../kube/events';
import { HOST_ACTION_LABELS, type HostAction } from '../../schemas/host-actions';
import { ACTOR_ANNOTATION } from '../object-events';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';

/** A host action, a change of its labels, or its deletion. */
export type HostChange = HostAction | 'labels' | 'delete';

/** Event reason and action per change, in the shape of Metal3's own (`PowerOff`, `…Requested`). */
const CHANGE_EVENTS: Record<HostChange, { action: string; reason: string; words: string }> = {
  'power-off': { action: 'PowerOff', reason: 'PowerOffRequested', words: HOST_ACTION_LABELS['power-off'] },
  'power-on': { action: 'PowerOn', reason: 'PowerOnRequested', words: HOST_ACTION_LABELS['power-on'] },
  restart: { action: 'Reboot', reason: 'RebootRequested', words: HOST_ACTION_LABELS.restart },
  detach: { action: 'Detach', reason: 'DetachRequested', words: HOST_ACTION_LABELS.detach },
  attach: { action: 'Attach', reason: 'AttachRequested', words: HOST_ACTION_LABELS.attach },
  inspect: { action: 'Inspect', reason: 'InspectionRequested', words: HOST_ACTION_LABELS.inspect },
  labels: { action: 'SetLabels', reason: 'LabelsChanged', words: 'Labels change' },
  delete: { action: 'Delete', reason: 'DeleteRequested', words: 'Delete' },
};

/** The Event for one change by `actor`; `detail` adds what the change was (the label keys). Pure. */
export function hostChangeEvent(change: HostChange, actor: string, detail?: string): EventInput {
  const { action, reason, words } = CHANGE_EVENTS[change];
  return {
    type: 'Normal',
    reason,
    action,
    note: `${words} requested by ${actor} from the console${detail ? `: ${detail}` : ''}`,
    annotations: { [ACTOR_ANNOTATION]: actor },
  };
}

/** Label keys set or removed, for the note of a labels change. Pure. */
export function labelChangeText(seen: Record<string, string>, wanted: Record<string, string>): string {
  const set = Object.keys(wanted).filter((key) => seen[key] !== wanted[key]);
  const removed = Object.keys(seen).filter((key) => !(key in wanted));
  return [...set.map((key) => `${key}=${wanted[key] ?? ''}`), ...removed.map((key) => `${key} removed`)].join(
    ', ',
  );
}

/**
 * Records the change once it was written, off the action's answer path (see EventRecorder.record); never
 * fails the action (recording an event never throws).
 */
export function recordHostChange(
  runtime: Runtime,
  host: BareMetalHost,
  change: HostChange,
  actor: string,
  detail?: string,
): Promise<void> {
  return runtime.consoleEvents.record(host, hostChangeEvent(change, actor, detail));
}
