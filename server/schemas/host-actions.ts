/**
 * What an operator can do to a BareMetalHost from the console, in Metal3's own vocabulary: each action is
 * a merge patch on exactly one field Metal3 defines (spec.online or one annotation). Pure: the server
 * checks an action against the host's current state with the same rules the console uses to offer it.
 */
import type { HostStateGroup } from './host-list';

/** Metal3's reboot request; the host's operator power-cycles the host and removes it. */
export const REBOOT_ANNOTATION = 'reboot.metal3.io';
/** While present, the host's operator leaves the host alone (operationalStatus: detached). */
export const DETACHED_ANNOTATION = 'baremetalhost.metal3.io/detached';
/** Asks the host's operator to inspect the host again; removed when inspection starts. */
export const INSPECT_ANNOTATION = 'inspect.metal3.io';

export const HOST_ACTIONS = ['power-off', 'power-on', 'restart', 'detach', 'attach', 'inspect'] as const;
export type HostAction = (typeof HOST_ACTIONS)[number];

export const HOST_ACTION_LABELS: Record<HostAction, string> = {
  'power-off': 'Power off',
  'power-on': 'Power on',
  restart: 'Restart',
  detach: 'Detach',
  attach: 'Attach',
  inspect: 'Inspect again',
};

/** What the confirmation says will happen, after "This will …". */
export const HOST_ACTION_EFFECTS: Record<HostAction, string> = {
  'power-off': 'set spec.online to false: the host’s operator powers the host off through its BMC',
  'power-on': 'set spec.online to true: the host’s operator powers the host on through its BMC',
  restart: `add the ${REBOOT_ANNOTATION} annotation: the host’s operator power-cycles the host and then removes it`,
  detach: `add the ${DETACHED_ANNOTATION} annotation: the host’s operator stops managing the host (nothing is powered off or deprovisioned)`,
  attach: `remove the ${DETACHED_ANNOTATION} annotation: the host’s operator manages the host again`,
  inspect: `add the ${INSPECT_ANNOTATION} annotation: the host’s operator boots the host into inspection and records its hardware again`,
};

/** The facts about a host the rules need (from its row, so the console and the server agree). */
export interface HostActionState {
  group: HostStateGroup;
  /** status.provisioning.state as written. */
  state: string;
  errorType?: string;
  power: 'on' | 'off' | 'unknown';
  /** spec.online */
  online: boolean;
  claimed: boolean;
  requests: HostRequests;
}

/** Requests written on the host and not yet taken up by its operator. */
export interface HostRequests {
  reboot: boolean;
  detach: boolean;
  inspect: boolean;
}

export function hostRequestsOf(annotations: Record<string, string> | undefined): HostRequests {
  const has = (key: string) => annotations?.[key] !== undefined;
  return {
    reboot: has(REBOOT_ANNOTATION),
    detach: has(DETACHED_ANNOTATION),
    inspect: has(INSPECT_ANNOTATION),
  };
}

const DETACHABLE: ReadonlySet<HostStateGroup> = new Set([
  'provisioned',
  'externally-provisioned',
  'available',
]);
const DETACHABLE_STATES: ReadonlySet<string> = new Set([
  'provisioned',
  'externally provisioned',
  'available',
]);

/** Why `action` is not offered for the host now, or undefined when it is. */
export function actionRefusal(action: HostAction, host: HostActionState): string | undefined {
  switch (action) {
    case 'power-off':
      return host.online ? undefined : 'it is already off or a power-off is pending';
    case 'power-on':
      return host.online ? 'it is already on or a power-on is pending' : undefined;
    case 'restart':
      if (host.requests.reboot) return 'a restart is already pending';
      return host.power === 'on' && host.online ? undefined : 'it is not powered on';
    case 'detach':
      if (host.requests.detach) return 'it is already detached';
      // A detached host's group is 'detached'; its provisioning state says what it was detached from.
      return DETACHABLE.has(host.group) || DETACHABLE_STATES.has(host.state)
        ? undefined
        : 'only provisioned, externally provisioned or available hosts can be detached';
    case 'attach':
      return host.requests.detach ? undefined : 'it is not detached';
    case 'inspect':
      if (host.requests.inspect) return 'an inspection is already pending';
      if (host.group === 'available') return undefined;
      if (host.group === 'error' && (host.state === 'inspecting' || host.errorType === 'inspection error'))
        return undefined;
      return 'only available hosts, or hosts whose inspection failed, can be inspected again';
  }
}

export function offeredActions(host: HostActionState): HostAction[] {
  return HOST_ACTIONS.filter((action) => actionRefusal(action, host) === undefined);
}

/** A host that is provisioned or claimed is only deleted after its name is typed. */
export function deleteNeedsTypedName(host: Pick<HostActionState, 'group' | 'state' | 'claimed'>): boolean {
  return host.claimed || host.group === 'provisioned' || host.state === 'provisioned';
}

/** Power-off warns when the host runs a workload: provisioned or in a tenant cluster. */
export const powerOffWarns = deleteNeedsTypedName;

/** The merge patch an action writes: exactly one field. */
export function actionPatch(action: HostAction): object {
  const annotation = (key: string, value: string | null) => ({ metadata: { annotations: { [key]: value } } });
  switch (action) {
    case 'power-off':
      return { spec: { online: false } };
    case 'power-on':
      return { spec: { online: true } };
    case 'restart':
      return annotation(REBOOT_ANNOTATION, '');
    case 'detach':
      return annotation(DETACHED_ANNOTATION, '');
    case 'attach':
      return annotation(DETACHED_ANNOTATION, null);
    case 'inspect':
      return annotation(INSPECT_ANNOTATION, '');
  }
}

/**
 * The merge patch that turns the labels the operator saw (at `resourceVersion`) into `wanted`: changed and
 * new keys set, dropped keys null. The resourceVersion makes the API server refuse it if the host changed.
 */
export function labelsPatch(
  seen: Record<string, string>,
  wanted: Record<string, string>,
  resourceVersion: string,
): object {
  const labels: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(wanted)) if (seen[key] !== value) labels[key] = value;
  for (const key of Object.keys(seen)) if (!(key in wanted)) labels[key] = null;
  return { metadata: { resourceVersion, labels } };
}
