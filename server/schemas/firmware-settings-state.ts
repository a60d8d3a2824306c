/**
 * Where a HostFirmwareSettings stands, read from its conditions as baremetal-operator writes them:
 * whether the wanted settings wait for the next cleaning, were refused, or are on the host. The console
 * shows it per setting; the lab's simulated operator starts a cleaning on it, as BMO does.
 */
import type { HostFirmwareSettings } from '../types/crds/host-firmware-settings';
import { SETTINGS_CHANGE_DETECTED_CONDITION, SETTINGS_VALID_CONDITION } from './firmware-setting-rules';

type Condition = NonNullable<NonNullable<HostFirmwareSettings['status']>['conditions']>[number];

/**
 * A condition about the object's current generation (BMO ignores one written for an older spec:
 * the operator has not looked at the change yet).
 */
export function currentCondition(hfs: HostFirmwareSettings, type: string): Condition | undefined {
  const condition = hfs.status?.conditions?.find((item) => item.type === type);
  if (!condition) return undefined;
  const generation = hfs.metadata.generation;
  if (generation !== undefined && condition.observedGeneration !== generation) return undefined;
  return condition;
}

/** BMO moves an available host to cleaning when this holds: a change was seen and it is valid. */
export function settingsAwaitCleaning(hfs: HostFirmwareSettings): boolean {
  return (
    currentCondition(hfs, SETTINGS_CHANGE_DETECTED_CONDITION)?.status === 'True' &&
    currentCondition(hfs, SETTINGS_VALID_CONDITION)?.status === 'True' &&
    Object.keys(hfs.status?.settings ?? {}).length > 0
  );
}

/** What became of one wanted setting. */
export type SettingState =
  /** Nothing wanted: the host's value stands. */
  | { state: 'current' }
  /** Wanted and not on the host yet: written at the next cleaning (or not checked yet). */
  | { state: 'pending' }
  /** The host reports the wanted value. */
  | { state: 'applied' }
  /** The operator refused the wanted settings; `reason` is its condition's words. */
  | { state: 'failed'; reason: string };

export function settingState(hfs: HostFirmwareSettings, name: string): SettingState {
  const wanted = hfs.spec?.settings[name];
  if (wanted === undefined) return { state: 'current' };
  if (hfs.status?.settings[name] === String(wanted)) return { state: 'applied' };
  const valid = currentCondition(hfs, SETTINGS_VALID_CONDITION);
  if (valid?.status === 'False') {
    return { state: 'failed', reason: `${valid.reason}: ${valid.message}` };
  }
  return { state: 'pending' };
}
