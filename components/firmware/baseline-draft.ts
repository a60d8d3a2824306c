/**
 * A baseline being made or edited in the fleet view: the settings it names with their values, started
 * from the group's majority, from one host's values or from the saved baseline, and checked in the
 * browser by the per-host editor's rules (the server checks again before it saves). Pure.
 */
import {
  settingValueProblem,
  type SettingSchema,
  type SettingValue,
} from '@/server/schemas/firmware-setting-rules';

export type BaselineDraft = Readonly<Record<string, string>>;
type Entries = Readonly<Record<string, SettingSchema>>;

/** The settings a baseline may name: those the schema lets an operator write. */
export function writableSettings(entries: Entries): string[] {
  return Object.keys(entries)
    .filter((name) => settingValueProblem(name, '', entries[name]) !== `${name} is read-only`)
    .filter((name) => !name.includes('Password') && entries[name]?.attribute_type !== 'Password')
    .sort();
}

/** A draft naming every writable setting the values hold, as text. */
export function draftFrom(values: Readonly<Record<string, SettingValue>>, entries: Entries): BaselineDraft {
  return Object.fromEntries(
    writableSettings(entries)
      .filter((name) => values[name] !== undefined)
      .map((name) => [name, String(values[name])]),
  );
}

/** Each named setting whose value the schema refuses, by name. */
export function draftProblems(draft: BaselineDraft, entries: Entries): Record<string, string> {
  return Object.fromEntries(
    Object.entries(draft).flatMap(([name, value]) => {
      const problem = settingValueProblem(name, value, entries[name]);
      return problem === undefined ? [] : [[name, problem]];
    }),
  );
}
