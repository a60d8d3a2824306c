/**
 * The status the simulator writes on a HostFirmwareSettings, following baremetal-operator's
 * HostFirmwareSettings controller: the settings read from the host, the schema they are checked
 * against, ChangeDetected when spec.settings differs from them and Valid from the schema's rules.
 * Pure: lab-firmware-plan.ts decides when to write it.
 */
import {
  SETTINGS_CHANGE_DETECTED_CONDITION,
  SETTINGS_VALID_REASON,
  settingsProblems,
  settingsValidCondition,
} from '../../server/schemas/firmware-setting-rules';
import type { FirmwareSchema } from '../../server/types/crds/firmware-schema';
import type {
  HostFirmwareSettings,
  HostFirmwareSettingsStatus,
} from '../../server/types/crds/host-firmware-settings';

type Condition = NonNullable<HostFirmwareSettingsStatus['conditions']>[number];

/** Sets a condition the way apimachinery's SetStatusCondition does: the transition time kept while the status stays. */
export function withCondition(
  conditions: readonly Condition[],
  next: Omit<Condition, 'lastTransitionTime'>,
  now: string,
): Condition[] {
  const previous = conditions.find((item) => item.type === next.type);
  const lastTransitionTime = previous && previous.status === next.status ? previous.lastTransitionTime : now;
  return [...conditions.filter((item) => item.type !== next.type), { ...next, lastTransitionTime }];
}

/**
 * The status for the host's current `settings` (the firmware's values) and its schema (none when the
 * BMC has no BIOS registry). `lastUpdated` is left as it was: the caller sets it when writing.
 */
export function labSettingsStatus(
  hfs: HostFirmwareSettings,
  settings: Readonly<Record<string, string>>,
  schema: FirmwareSchema | undefined,
  now: string,
): HostFirmwareSettingsStatus {
  const wanted = hfs.spec?.settings ?? {};
  const generation = hfs.metadata.generation;
  const changed = Object.entries(wanted).some(([name, value]) => settings[name] !== String(value));
  const valid = settingsValidCondition(
    changed ? settingsProblems(wanted, settings, schema?.spec?.schema) : [],
    generation,
  );
  const detected = {
    type: SETTINGS_CHANGE_DETECTED_CONDITION,
    status: changed ? ('True' as const) : ('False' as const),
    reason: SETTINGS_VALID_REASON,
    message: '',
    ...(generation === undefined ? {} : { observedGeneration: generation }),
  };
  const before = hfs.status?.conditions ?? [];
  return {
    settings: { ...settings },
    ...(schema
      ? { schema: { name: schema.metadata.name ?? '', namespace: schema.metadata.namespace ?? '' } }
      : {}),
    conditions: withCondition(withCondition(before, detected, now), valid, now),
  };
}

/** The firmware's values after a cleaning wrote the wanted settings (as text, as the host reports them). */
export function settingsAfterCleaning(hfs: HostFirmwareSettings): Record<string, string> {
  const applied = Object.entries(hfs.spec?.settings ?? {}).map(([name, value]): [string, string] => [
    name,
    String(value),
  ]);
  return { ...hfs.status?.settings, ...Object.fromEntries(applied) };
}
