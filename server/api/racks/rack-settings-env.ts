import { z } from 'zod';
import { labelKeyProblem } from '../../schemas/label-rules';
import { DEFAULT_RACK_SETTINGS, type RackSettings } from '../../schemas/rack-settings';

// An empty variable means unset, as shells and CI files often write it.
const optionalSetting = z
  .string()
  .optional()
  .transform((value) => value || undefined);

/** A label or annotation key; unset means `fallback`. */
function labelKey(fallback: string) {
  return optionalSetting
    .superRefine((key, ctx) => {
      const problem = key === undefined ? undefined : labelKeyProblem(key);
      if (problem) ctx.addIssue({ code: 'custom', message: `is not a label key: ${problem}` });
    })
    .transform((key) => key ?? fallback);
}

/** Comma-separated label keys, in order, none twice; `fallback` when unset. */
function labelKeyList(fallback: readonly string[]) {
  return optionalSetting
    .transform((text) => text?.split(',').map((key) => key.trim()))
    .superRefine((keys, ctx) => {
      if (keys === undefined) return;
      if (keys.some((key) => key === '')) ctx.addIssue({ code: 'custom', message: 'has an empty key' });
      for (const key of keys) {
        const problem = key === '' ? undefined : labelKeyProblem(key);
        if (problem) ctx.addIssue({ code: 'custom', message: `${key} is not a label key: ${problem}` });
      }
      const twice = keys.find((key, index) => keys.indexOf(key) !== index);
      if (twice) ctx.addIssue({ code: 'custom', message: `names ${twice} twice` });
    })
    .transform((keys): readonly string[] => keys ?? fallback);
}

/**
 * The rack view's settings in the environment (server/config.ts reads them with the rest): where a
 * host's rack, slot and height are read from, and how tall a rack is (`units`, config's whole-number
 * reader).
 */
export function rackEnvShape<Units extends z.ZodType<number>>(units: Units) {
  return {
    RACKPILOT_RACK_LABEL_KEYS: labelKeyList(DEFAULT_RACK_SETTINGS.rackKeys),
    RACKPILOT_RACK_SLOT_KEY: labelKey(DEFAULT_RACK_SETTINGS.slotKey),
    RACKPILOT_RACK_HEIGHT_KEY: labelKey(DEFAULT_RACK_SETTINGS.heightKey),
    RACKPILOT_RACK_UNITS: units,
  };
}

export function rackSettingsOf(values: {
  RACKPILOT_RACK_LABEL_KEYS: readonly string[];
  RACKPILOT_RACK_SLOT_KEY: string;
  RACKPILOT_RACK_HEIGHT_KEY: string;
  RACKPILOT_RACK_UNITS: number;
}): RackSettings {
  return {
    rackKeys: values.RACKPILOT_RACK_LABEL_KEYS,
    slotKey: values.RACKPILOT_RACK_SLOT_KEY,
    heightKey: values.RACKPILOT_RACK_HEIGHT_KEY,
    units: values.RACKPILOT_RACK_UNITS,
  };
}
