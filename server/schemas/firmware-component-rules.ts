/**
 * The rules baremetal-operator applies to HostFirmwareComponents spec.updates (firmware images to flash):
 * the component names it accepts (its HostFirmwareComponents controller sets Valid=False otherwise), the
 * URL schemes, and which updates a cleaning still has to flash. The console's form and tRPC edge refuse
 * with them; the lab's simulated operator turns them into BMO's conditions. The condition types, reasons
 * and the invalid-name message are BMO's words, so a page reading a real BMO's status reads the same.
 */
import type {
  HostFirmwareComponents,
  HostFirmwareComponentsSpec,
} from '../types/crds/host-firmware-components';

export type FirmwareUpdate = HostFirmwareComponentsSpec['updates'][number];

export const COMPONENTS_VALID_CONDITION = 'Valid';
export const COMPONENTS_CHANGE_DETECTED_CONDITION = 'ChangeDetected';
export const COMPONENTS_VALID_REASON = 'OK';
export const COMPONENTS_INVALID_REASON = 'InvalidComponent';

/** BMO accepts these names and any starting with NIC_PREFIX (a NIC as Redfish names it: nic:NIC.Slot.1-1). */
export const FIXED_COMPONENTS = ['bios', 'bmc'] as const;
export const NIC_PREFIX = 'nic:';

/**
 * The schemes the console accepts for an image: Ironic fetches firmware images over HTTP(S). BMO's
 * webhook lets ftp, gopher and oci through too; no image server we know of serves firmware that way.
 */
const URL_SCHEMES = ['http:', 'https:'];

/** BMO's words for a name it refuses (its Valid=False message wraps this, see componentsInvalidMessage). */
export function componentNameProblem(component: string): string | undefined {
  if ((FIXED_COMPONENTS as readonly string[]).includes(component)) return undefined;
  if (component.startsWith(NIC_PREFIX) && component.length > NIC_PREFIX.length) return undefined;
  return `component ${component} is invalid, only 'bmc', 'bios', or names starting with '${NIC_PREFIX}' are allowed as update names`;
}

export function updateUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url}" is not a URL`;
  }
  if (!URL_SCHEMES.includes(parsed.protocol)) {
    return `"${url}" is not an http or https URL (Ironic downloads the image from it)`;
  }
  if (!parsed.hostname) return `"${url}" names no server`;
  // spec.updates is readable by anyone who may read the object, and the request is kept in the audit log.
  if (parsed.username || parsed.password) {
    return 'the URL carries a user name or password: it would be stored readable in spec.updates';
  }
  return undefined;
}

export interface UpdateProblem {
  /** The update's component, as in spec.updates. */
  component: string;
  message: string;
}

/**
 * What is wrong with a list of updates: names BMO refuses, URLs Ironic cannot fetch, and a component
 * named twice (BMO would pass both images to Ironic, flashing one over the other).
 */
export function updatesProblems(updates: readonly FirmwareUpdate[]): UpdateProblem[] {
  const seen = new Set<string>();
  return updates.flatMap(({ component, url }) => {
    const messages = [
      componentNameProblem(component),
      updateUrlProblem(url),
      seen.has(component) ? `component ${component} is named more than once` : undefined,
    ].filter((message): message is string => message !== undefined);
    seen.add(component);
    return messages.map((message) => ({ component, message }));
  });
}

/**
 * BMO's Valid=False message: its check stops at the first bad name, and Go prints the error list in
 * brackets.
 */
export function componentsInvalidMessage(updates: readonly FirmwareUpdate[]): string | undefined {
  const problem = updates.map((update) => componentNameProblem(update.component)).find(Boolean);
  return problem === undefined ? undefined : `Invalid Firmware Components: [${problem}]`;
}

/** BMO treats an absent list and an empty one alike. */
export function sameUpdates(
  a: readonly FirmwareUpdate[] | undefined,
  b: readonly FirmwareUpdate[] | undefined,
): boolean {
  const left = a ?? [];
  const right = b ?? [];
  return (
    left.length === right.length &&
    left.every(
      (update, index) => update.component === right[index]?.component && update.url === right[index].url,
    )
  );
}

/** The updates a cleaning flashes: those in spec not already applied with the same URL (BMO's getUpdatesDifference). */
export function updatesToFlash(hfc: HostFirmwareComponents): FirmwareUpdate[] {
  const applied = new Map((hfc.status?.updates ?? []).map((update) => [update.component, update.url]));
  return (hfc.spec?.updates ?? []).filter((update) => applied.get(update.component) !== update.url);
}

type Condition = NonNullable<NonNullable<HostFirmwareComponents['status']>['conditions']>[number];

/** A condition written for the object's current generation (BMO ignores one about an older spec). */
function currentCondition(hfc: HostFirmwareComponents, type: string): Condition | undefined {
  const condition = hfc.status?.conditions?.find((item) => item.type === type);
  const generation = hfc.metadata.generation;
  if (!condition || (generation !== undefined && condition.observedGeneration !== generation)) {
    return undefined;
  }
  return condition;
}

/** BMO moves an available host to cleaning when this holds: a change was seen and it is valid. */
export function componentsAwaitCleaning(hfc: HostFirmwareComponents): boolean {
  return (
    currentCondition(hfc, COMPONENTS_CHANGE_DETECTED_CONDITION)?.status === 'True' &&
    currentCondition(hfc, COMPONENTS_VALID_CONDITION)?.status === 'True'
  );
}

/** Where the requested updates stand, as the page says it. */
export type UpdatesState =
  /** No update requested. */
  | { state: 'none' }
  /** Every requested image is flashed. */
  | { state: 'applied' }
  /** Requested, not flashed yet: BMO flashes at the host's next cleaning or servicing. */
  | { state: 'pending' }
  /** BMO refused the request (Valid=False); `reason` is its condition's words. */
  | { state: 'failed'; reason: string };

export function updatesState(hfc: HostFirmwareComponents): UpdatesState {
  const valid = currentCondition(hfc, COMPONENTS_VALID_CONDITION);
  if (valid?.status === 'False') return { state: 'failed', reason: `${valid.reason}: ${valid.message}` };
  if (updatesToFlash(hfc).length > 0) return { state: 'pending' };
  return (hfc.spec?.updates ?? []).length === 0 ? { state: 'none' } : { state: 'applied' };
}
