/**
 * Whether a wanted firmware setting (HostFirmwareSettings spec.settings) passes the FirmwareSchema of the
 * host's vendor and model, by the rules baremetal-operator applies before it lets a cleaning write the
 * settings: the console's editor shows the problems as you type, the tRPC edge refuses with them, and the
 * lab's simulated operator turns them into BMO's Valid condition. The messages are ours; the condition
 * type, reason and message are BMO's words, so a console reading a real BMO's status reads the same.
 */
import type { FirmwareSchemaSpec } from '../types/crds/firmware-schema';
import type { HostFirmwareSettingsStatus } from '../types/crds/host-firmware-settings';

/** One entry of a FirmwareSchema: the limits on one setting. */
export type SettingSchema = FirmwareSchemaSpec['schema'][string];

/** A wanted value as HostFirmwareSettings spec.settings holds it (int-or-string). */
export type SettingValue = number | string;

export interface SettingProblem {
  /** The setting's name, as in spec.settings. */
  setting: string;
  message: string;
}

type Condition = NonNullable<HostFirmwareSettingsStatus['conditions']>[number];

/** The condition BMO sets on a HostFirmwareSettings after checking spec.settings (the type and reasons it uses). */
export const SETTINGS_VALID_CONDITION = 'Valid';
/** BMO's condition for spec.settings differing from the values read from the host. */
export const SETTINGS_CHANGE_DETECTED_CONDITION = 'ChangeDetected';
export const SETTINGS_VALID_REASON = 'Success';
export const SETTINGS_INVALID_REASON = 'ConfigurationError';
/** BMO's message on Valid=False; the details of each setting go to events, not to the condition. */
export const SETTINGS_INVALID_MESSAGE = 'Invalid BIOS setting';

/** BMO refuses any setting whose name contains this, whatever the schema says. */
const PASSWORD_MARK = 'Password';

/** Decimal integer as Go's strconv.Atoi reads it: optional sign, digits only. */
const INTEGER_TEXT = /^[+-]?\d+$/;

const utf8 = new TextEncoder();

function quoted(value: SettingValue): string {
  return JSON.stringify(String(value));
}

function integerProblem(value: SettingValue, entry: SettingSchema): string | undefined {
  const text = String(value);
  if (typeof value === 'number' ? !Number.isSafeInteger(value) : !INTEGER_TEXT.test(text)) {
    return `${quoted(value)} is not a whole number`;
  }
  const number = Number(text);
  if (entry.lower_bound !== undefined && number < entry.lower_bound) {
    return `${text} is below the lowest allowed value, ${String(entry.lower_bound)}`;
  }
  if (entry.upper_bound !== undefined && number > entry.upper_bound) {
    return `${text} is above the highest allowed value, ${String(entry.upper_bound)}`;
  }
  return undefined;
}

/** Lengths in bytes of UTF-8, as BMO (Go's len) counts them. */
function stringProblem(value: SettingValue, entry: SettingSchema): string | undefined {
  const length = utf8.encode(String(value)).length;
  if (entry.min_length !== undefined && length < entry.min_length) {
    return `${quoted(value)} is shorter than the ${String(entry.min_length)} characters required`;
  }
  if (entry.max_length !== undefined && length > entry.max_length) {
    return `${quoted(value)} is longer than the ${String(entry.max_length)} characters allowed`;
  }
  return undefined;
}

function typeProblem(value: SettingValue, entry: SettingSchema): string | undefined {
  switch (entry.attribute_type) {
    case 'Enumeration': {
      const allowed = entry.allowable_values ?? [];
      if (allowed.includes(String(value))) return undefined;
      return allowed.length === 0
        ? `${quoted(value)} cannot be set: the schema allows no value`
        : `${quoted(value)} is not one of ${allowed.join(', ')}`;
    }
    case 'Integer':
      return integerProblem(value, entry);
    case 'String':
      return stringProblem(value, entry);
    case 'Boolean':
      return value === 'true' || value === 'false' ? undefined : `${quoted(value)} is not true or false`;
    case 'Password':
      return 'a password cannot be set through settings';
    case undefined:
      // The BIOS registry may not have said; BMO lets the value through and so do we.
      return undefined;
    default:
      return `the schema gives it an unknown type, ${String(entry.attribute_type)}`;
  }
}

/**
 * The problem with one value against its schema entry (undefined when the schema has no such setting),
 * or undefined when it may be written.
 */
export function settingValueProblem(
  name: string,
  value: SettingValue,
  entry: SettingSchema | undefined,
): string | undefined {
  if (!entry) return `${name} is not a setting of this hardware's schema`;
  if (entry.read_only === true) return `${name} is read-only`;
  if (name.includes(PASSWORD_MARK)) return `${name} is a password and cannot be set`;
  const problem = typeProblem(value, entry);
  return problem === undefined ? undefined : `${name}: ${problem}`;
}

/**
 * Every wanted setting that BMO would refuse, in name order. A setting must be one the host reported
 * (status.settings); the schema is checked when there is one, as BMO does.
 */
export function settingsProblems(
  wanted: Readonly<Record<string, SettingValue>>,
  current: Readonly<Record<string, string>>,
  schema: FirmwareSchemaSpec['schema'] | undefined,
): SettingProblem[] {
  return Object.keys(wanted)
    .sort()
    .flatMap((setting) => {
      const value = wanted[setting] ?? '';
      let message: string | undefined;
      if (setting.includes(PASSWORD_MARK)) message = `${setting} is a password and cannot be set`;
      else if (!Object.hasOwn(current, setting)) message = `${setting} is not among the host's settings`;
      else if (schema) message = settingValueProblem(setting, value, schema[setting]);
      return message === undefined ? [] : [{ setting, message }];
    });
}

/** The Valid condition BMO would write for these problems (lastTransitionTime is the caller's). */
export function settingsValidCondition(
  problems: readonly SettingProblem[],
  generation: number | undefined,
): Omit<Condition, 'lastTransitionTime'> {
  const valid = problems.length === 0;
  return {
    type: SETTINGS_VALID_CONDITION,
    status: valid ? 'True' : 'False',
    reason: valid ? SETTINGS_VALID_REASON : SETTINGS_INVALID_REASON,
    message: valid ? '' : SETTINGS_INVALID_MESSAGE,
    ...(generation === undefined ? {} : { observedGeneration: generation }),
  };
}
