/**
 * The status the simulator writes on a HostFirmwareComponents, following baremetal-operator: its
 * HostFirmwareComponents controller's conditions (ChangeDetected while spec.updates differs from the
 * updates last applied, Valid from the component names), and what a cleaning's firmware update step
 * leaves (the images flashed, status.updates = spec.updates). Pure: lab-firmware-plan.ts and
 * lab-firmware-sync.ts decide when to write it.
 *
 * Simulated, not read from an image: the version a flash leaves is the last dotted number in the image
 * file's name (bios-2.1.0.bin → 2.1.0; a name without one gives the name without its extension). A
 * request naming a component the host does not have is refused with BMO's Valid=False/InvalidComponent
 * (for a `nic:` name BMO accepts, real Ironic's clean step would fail instead; docs/decisions.md).
 */
import {
  COMPONENTS_CHANGE_DETECTED_CONDITION,
  COMPONENTS_INVALID_REASON,
  COMPONENTS_VALID_CONDITION,
  COMPONENTS_VALID_REASON,
  componentsInvalidMessage,
  sameUpdates,
  updatesToFlash,
  type FirmwareUpdate,
} from '../../server/schemas/firmware-component-rules';
import type {
  HostFirmwareComponents,
  HostFirmwareComponentsStatus,
} from '../../server/types/crds/host-firmware-components';
import { withCondition } from './lab-firmware-status';

type ComponentStatus = NonNullable<HostFirmwareComponentsStatus['components']>[number];

/** The version the simulator says an image holds: see the file's comment. */
export function imageVersion(url: string): string {
  let file: string;
  try {
    file = new URL(url).pathname.split('/').pop() ?? '';
  } catch {
    file = url;
  }
  const numbers = file.match(/\d+(?:\.\d+)+/g);
  return numbers?.at(-1) ?? file.replace(/\.[^.]*$/, '');
}

/** The components a new host reports: each at its initial version. */
export function initialComponents(
  catalogue: readonly { component: string; version: string }[],
): ComponentStatus[] {
  return catalogue.map(({ component, version }) => ({
    component,
    initialVersion: version,
    currentVersion: version,
  }));
}

/** Why the requested updates are refused, in BMO's words: a name BMO refuses, or a component not on the host. */
function invalidMessage(
  updates: readonly FirmwareUpdate[],
  components: readonly ComponentStatus[],
): string | undefined {
  const named = componentsInvalidMessage(updates);
  if (named !== undefined) return named;
  const present = new Set(components.map((item) => item.component));
  const missing = updates.find((update) => !present.has(update.component));
  return missing === undefined
    ? undefined
    : `Invalid Firmware Components: [component ${missing.component} is not present on this host]`;
}

/**
 * The status for the host's `components` (what the firmware reports), with BMO's conditions for the
 * object's spec. `lastUpdated` is left as it was: the caller sets it when writing.
 */
export function labComponentsStatus(
  hfc: HostFirmwareComponents,
  components: readonly ComponentStatus[],
  now: string,
): HostFirmwareComponentsStatus {
  const wanted = hfc.spec?.updates ?? [];
  const generation = hfc.metadata.generation;
  const changed = !sameUpdates(wanted, hfc.status?.updates);
  const invalid = changed ? invalidMessage(wanted, components) : undefined;
  const about = generation === undefined ? {} : { observedGeneration: generation };
  const detected = {
    type: COMPONENTS_CHANGE_DETECTED_CONDITION,
    status: changed ? ('True' as const) : ('False' as const),
    reason: COMPONENTS_VALID_REASON,
    message: '',
    ...about,
  };
  const valid = {
    type: COMPONENTS_VALID_CONDITION,
    status: invalid === undefined ? ('True' as const) : ('False' as const),
    reason: invalid === undefined ? COMPONENTS_VALID_REASON : COMPONENTS_INVALID_REASON,
    message: invalid ?? '',
    ...about,
  };
  const before = hfc.status?.conditions ?? [];
  return {
    ...(hfc.status?.updates ? { updates: hfc.status.updates } : {}),
    components: components.map((item) => ({ ...item })),
    conditions: withCondition(withCondition(before, detected, now), valid, now),
  };
}

/**
 * The cleaning's firmware update step: each update not flashed yet written to its component (versions as
 * imageVersion says, at `now`), then status.updates = spec.updates and the conditions for that.
 */
export function componentsAfterFlash(hfc: HostFirmwareComponents, now: string): HostFirmwareComponentsStatus {
  const flashed = new Map(updatesToFlash(hfc).map((update) => [update.component, imageVersion(update.url)]));
  const components = (hfc.status?.components ?? []).map((item) => {
    const version = flashed.get(item.component);
    return version === undefined
      ? item
      : { ...item, currentVersion: version, lastVersionFlashed: version, updatedAt: now };
  });
  const updates = (hfc.spec?.updates ?? []).map(({ component, url }) => ({ component, url }));
  return labComponentsStatus({ ...hfc, status: { ...hfc.status, updates } }, components, now);
}
