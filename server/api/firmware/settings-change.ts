/**
 * A settings change checked at the edge, before anything is written: against the host's reported
 * settings and its FirmwareSchema by baremetal-operator's rules, so a value BMO would refuse after the
 * write (Valid=False) is refused here with the schema's limits in words. Pure: change.handler.ts writes.
 */
import { settingsProblems, type SettingValue } from '../../schemas/firmware-setting-rules';
import type { FirmwareSchema } from '../../types/crds/firmware-schema';
import type { HostFirmwareSettings } from '../../types/crds/host-firmware-settings';
import { NO_SCHEMA, NO_SETTINGS } from './firmware-view';

export type SettingsChange =
  | { status: 'rejected'; message: string; fieldErrors?: Record<string, string> }
  /** The merge patch of spec.settings, at the version edited. */
  | {
      status: 'ok';
      patch: { metadata: { resourceVersion: string }; spec: { settings: Record<string, SettingValue> } };
    };

/** An Integer setting is written as a number, as `kubectl edit` would; everything else as text. */
export function asBmoExpects(value: SettingValue, type: string | undefined): SettingValue {
  return type === 'Integer' && typeof value === 'string' ? Number(value) : String(value);
}

export function settingsChange(
  hfs: HostFirmwareSettings | undefined,
  schema: FirmwareSchema | undefined,
  changes: Readonly<Record<string, SettingValue>>,
  resourceVersion: string,
): SettingsChange {
  if (!hfs) return { status: 'rejected', message: NO_SETTINGS };
  const entries = schema?.spec?.schema;
  if (!entries) return { status: 'rejected', message: NO_SCHEMA };
  const problems = settingsProblems(changes, hfs.status?.settings ?? {}, entries);
  if (problems.length > 0) {
    return {
      status: 'rejected',
      message: `nothing was written: ${problems.map((problem) => problem.message).join('; ')}`,
      fieldErrors: Object.fromEntries(problems.map((problem) => [problem.setting, problem.message])),
    };
  }
  const settings = Object.fromEntries(
    Object.entries(changes).map(([name, value]) => [
      name,
      asBmoExpects(value, entries[name]?.attribute_type),
    ]),
  );
  return { status: 'ok', patch: { metadata: { resourceVersion }, spec: { settings } } };
}
