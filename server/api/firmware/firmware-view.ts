/**
 * A host's firmware settings as its page shows them: each setting the host reported, joined with its
 * FirmwareSchema entry (type, allowed values, bounds, read-only) and with what became of a wanted value
 * (server/schemas/firmware-settings-state.ts). Pure: settings.handler.ts feeds it the cached objects.
 */
import { settingsProblems, type SettingSchema } from '../../schemas/firmware-setting-rules';
import { settingState, type SettingState } from '../../schemas/firmware-settings-state';
import type { FirmwareSchema } from '../../types/crds/firmware-schema';
import type { HostFirmwareSettings } from '../../types/crds/host-firmware-settings';

export interface FirmwareSettingRow {
  name: string;
  /** The value the host reports. */
  current: string;
  /** The value spec.settings asks for, when it asks. */
  wanted?: string;
  /** The schema's entry; absent when there is no schema or it does not list the setting. */
  schema?: SettingSchema;
  state: SettingState;
  /** Why the wanted value is refused, in our words (the operator's condition only says "Invalid BIOS setting"). */
  problem?: string;
}

export interface FirmwareView {
  /** Why nothing can be changed here; undefined when the settings are editable. */
  readOnly?: string;
  schema?: { name: string; vendor?: string; model?: string };
  /** The version an edit was made against: the write is refused if the settings changed since. */
  resourceVersion?: string;
  lastUpdated?: string;
  conditions: { type: string; status: string; reason: string; message: string }[];
  settings: FirmwareSettingRow[];
}

export const NO_SETTINGS =
  'The host operator has not reported firmware settings for this host (no HostFirmwareSettings yet).';
export const NO_SCHEMA =
  'Read-only: no FirmwareSchema describes this hardware (its BMC reports no BIOS registry), so a change cannot be checked.';

export function firmwareView(
  hfs: HostFirmwareSettings | undefined,
  schema: FirmwareSchema | undefined,
): FirmwareView {
  if (!hfs) return { readOnly: NO_SETTINGS, conditions: [], settings: [] };
  const current = hfs.status?.settings ?? {};
  const wanted = hfs.spec?.settings ?? {};
  const entries = schema?.spec?.schema;
  const problems = new Map(
    settingsProblems(wanted, current, entries).map((problem) => [problem.setting, problem.message]),
  );
  const names = [...new Set([...Object.keys(current), ...Object.keys(wanted)])].sort();
  return {
    ...(schema ? {} : { readOnly: NO_SCHEMA }),
    ...(schema
      ? {
          schema: {
            name: schema.metadata.name ?? '',
            ...(schema.spec?.hardwareVendor ? { vendor: schema.spec.hardwareVendor } : {}),
            ...(schema.spec?.hardwareModel ? { model: schema.spec.hardwareModel } : {}),
          },
        }
      : {}),
    ...(hfs.metadata.resourceVersion ? { resourceVersion: hfs.metadata.resourceVersion } : {}),
    ...(hfs.status?.lastUpdated ? { lastUpdated: hfs.status.lastUpdated } : {}),
    conditions: (hfs.status?.conditions ?? []).map(({ type, status, reason, message }) => ({
      type,
      status,
      reason,
      message,
    })),
    settings: names.map((name) => {
      const value = wanted[name];
      const entry = entries?.[name];
      const problem = problems.get(name);
      return {
        name,
        current: current[name] ?? '',
        ...(value === undefined ? {} : { wanted: String(value) }),
        ...(entry ? { schema: entry } : {}),
        state: settingState(hfs, name),
        ...(problem ? { problem } : {}),
      };
    }),
  };
}
