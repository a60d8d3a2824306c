/**
 * The firmware editor's draft: the values typed per setting, what they change (the diff the edit forms
 * show) and what the schema says against them, checked in the browser by the rules the server checks
 * again before it writes. Pure.
 */
import type { FirmwareSettingRow } from '@/server/api/firmware/firmware-view';
import { settingsProblems } from '@/server/schemas/firmware-setting-rules';
import type { FieldChange } from '@/server/schemas/object-changes';

export type Draft = Readonly<Record<string, string>>;

/** The value an edit starts from: the wanted one while it waits, else what the host reports. */
export function baseValue(row: FirmwareSettingRow): string {
  return row.wanted ?? row.current;
}

/** The draft's values that differ from their base, by setting name. */
export function draftedSettings(rows: readonly FirmwareSettingRow[], draft: Draft): Record<string, string> {
  return Object.fromEntries(
    rows.flatMap((row) => {
      const value = draft[row.name];
      return value === undefined || value === baseValue(row) ? [] : [[row.name, value]];
    }),
  );
}

export function draftChanges(rows: readonly FirmwareSettingRow[], draft: Draft): FieldChange[] {
  const bases = new Map(rows.map((row) => [row.name, baseValue(row)]));
  return Object.entries(draftedSettings(rows, draft)).map(([name, after]) => ({
    path: name,
    before: bases.get(name),
    after,
  }));
}

/** The schema's objections to the drafted values, by setting name. */
export function draftProblems(rows: readonly FirmwareSettingRow[], draft: Draft): Record<string, string> {
  const current = Object.fromEntries(rows.map((row) => [row.name, row.current]));
  const schema = Object.fromEntries(rows.flatMap((row) => (row.schema ? [[row.name, row.schema]] : [])));
  return Object.fromEntries(
    settingsProblems(draftedSettings(rows, draft), current, schema).map((problem) => [
      problem.setting,
      problem.message,
    ]),
  );
}
