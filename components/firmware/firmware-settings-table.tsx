'use client';

import type { FirmwareSettingRow } from '@/server/api/firmware/firmware-view';
import type { SettingSchema } from '@/server/schemas/firmware-setting-rules';
import { Chip } from '../ui/tone';
import { baseValue, type Draft } from './firmware-draft';

const fieldClass =
  'w-full min-w-32 rounded border bg-slate-950 px-2 py-1 font-mono text-xs text-slate-100 focus:border-sky-500 focus:outline-none';

/** The schema's limits in words: the allowed values, the range or the length. */
export function allowedText(schema: SettingSchema | undefined): string {
  if (!schema) return 'not in the schema';
  switch (schema.attribute_type) {
    case 'Enumeration':
      return (schema.allowable_values ?? []).join(', ');
    case 'Integer':
      return `${String(schema.lower_bound ?? '…')} – ${String(schema.upper_bound ?? '…')}`;
    case 'String':
      return `${String(schema.min_length ?? 0)} – ${String(schema.max_length ?? '…')} characters`;
    case 'Boolean':
      return 'true, false';
    default:
      return '—';
  }
}

function choicesOf(schema: SettingSchema | undefined): string[] | undefined {
  if (schema?.attribute_type === 'Enumeration') return schema.allowable_values ?? [];
  if (schema?.attribute_type === 'Boolean') return ['true', 'false'];
  return undefined;
}

function StateCell({ row }: { row: FirmwareSettingRow }) {
  switch (row.state.state) {
    case 'current':
      return <span className="text-slate-500">—</span>;
    case 'pending':
      return <Chip tone="progress">pending: next cleaning</Chip>;
    case 'applied':
      return <Chip tone="ok">applied</Chip>;
    case 'failed':
      return (
        <span className="space-y-1">
          <Chip tone="error">failed</Chip>
          <span className="block text-xs text-red-300">
            {row.state.reason}
            {row.problem ? ` (${row.problem})` : ''}
          </span>
        </span>
      );
  }
}

/** A value typed against its schema entry: a choice for an enumeration or a boolean, else text. */
export function ValueEditor({
  row,
  value,
  problem,
  onChange,
}: {
  row: Pick<FirmwareSettingRow, 'name' | 'schema'>;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
}) {
  const label = `New value of ${row.name}`;
  const border = problem ? 'border-red-500' : 'border-slate-700';
  const choices = choicesOf(row.schema);
  return (
    <>
      {choices ? (
        <select
          aria-label={label}
          data-testid={`setting-input-${row.name}`}
          className={`${fieldClass} ${border}`}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        >
          {!choices.includes(value) && <option value={value}>{value}</option>}
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : (
        <input
          aria-label={label}
          aria-invalid={problem !== undefined}
          data-testid={`setting-input-${row.name}`}
          className={`${fieldClass} ${border}`}
          inputMode={row.schema?.attribute_type === 'Integer' ? 'numeric' : undefined}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      )}
      {problem && (
        <span
          role="alert"
          className="mt-1 block text-xs text-red-300"
          data-testid={`setting-problem-${row.name}`}
        >
          {problem}
        </span>
      )}
    </>
  );
}

/** One row per setting: its value, the editor (when it may be changed), the schema's columns and its state. */
export function FirmwareSettingsTable({
  rows,
  editable,
  draft,
  problems,
  onDraft,
}: {
  rows: readonly FirmwareSettingRow[];
  editable: boolean;
  draft: Draft;
  problems: Readonly<Record<string, string>>;
  onDraft: (name: string, value: string) => void;
}) {
  if (rows.length === 0) return <p className="text-sm text-slate-400">No setting matches.</p>;
  return (
    <table className="w-full text-left text-sm" data-testid="firmware-settings">
      <thead className="text-xs uppercase tracking-wide text-slate-400">
        <tr>
          {[
            'Setting',
            'Current',
            editable ? 'Wanted (edit)' : 'Wanted',
            'Type',
            'Allowed',
            'Read-only',
            'State',
          ].map((header) => (
            <th key={header} scope="col" className="px-2 py-1.5 font-medium">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-800">
        {rows.map((row) => {
          const readOnly = row.schema?.read_only === true;
          return (
            <tr
              key={row.name}
              data-testid="firmware-setting-row"
              data-setting={row.name}
              data-state={row.state.state}
            >
              <td className="px-2 py-1.5 align-top font-mono text-xs text-slate-200">{row.name}</td>
              <td className="px-2 py-1.5 align-top font-mono text-xs text-slate-200" data-testid="current">
                {row.current || <span className="text-slate-500">(empty)</span>}
              </td>
              <td className="px-2 py-1.5 align-top">
                {editable && !readOnly ? (
                  <ValueEditor
                    row={row}
                    value={draft[row.name] ?? baseValue(row)}
                    problem={problems[row.name]}
                    onChange={(value) => {
                      onDraft(row.name, value);
                    }}
                  />
                ) : (
                  <span className="font-mono text-xs text-slate-300">{row.wanted ?? '—'}</span>
                )}
              </td>
              <td className="px-2 py-1.5 align-top text-xs text-slate-300">
                {row.schema?.attribute_type ?? '—'}
                {row.schema?.unique ? <span className="ml-1 text-slate-400">(unique)</span> : null}
              </td>
              <td className="px-2 py-1.5 align-top text-xs text-slate-300">{allowedText(row.schema)}</td>
              <td className="px-2 py-1.5 align-top text-xs text-slate-300">{readOnly ? 'yes' : 'no'}</td>
              <td className="px-2 py-1.5 align-top">
                <StateCell row={row} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
