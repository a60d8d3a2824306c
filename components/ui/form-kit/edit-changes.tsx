'use client';

import type { FieldChange } from '@/server/schemas/object-changes';

function valueText(value: unknown): string {
  if (value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Field by field: the path, what it was and what it becomes. */
export function ChangesTable({
  changes,
  testId,
  empty,
}: {
  changes: readonly FieldChange[];
  testId: string;
  empty: string;
}) {
  if (changes.length === 0)
    return (
      <p className="text-sm text-slate-400" data-testid={testId}>
        {empty}
      </p>
    );
  return (
    <table className="w-full table-fixed text-left text-xs" data-testid={testId}>
      <thead className="text-slate-400">
        <tr>
          <th className="w-2/5 py-1 pr-2 font-medium">Field</th>
          <th className="py-1 pr-2 font-medium">Before</th>
          <th className="py-1 font-medium">After</th>
        </tr>
      </thead>
      <tbody className="font-mono">
        {changes.map((change) => (
          <tr key={change.path} className="border-t border-slate-800 align-top" data-testid="change-row">
            <td className="break-all py-1 pr-2 text-slate-200">{change.path}</td>
            <td className="break-all py-1 pr-2 text-rose-300">{valueText(change.before)}</td>
            <td className="break-all py-1 text-emerald-300">{valueText(change.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The object before and after as YAML, side by side; lines not in the other side are marked. */
export function YamlBeforeAfter({ before, after }: { before: string; after: string }) {
  const side = (text: string, other: string, label: string, mark: string) => {
    const others = new Set(other.split('\n'));
    return (
      <div className="min-w-0">
        <p className="mb-1 text-xs text-slate-400">{label}</p>
        <pre
          data-testid={`yaml-${label.toLowerCase()}`}
          className="max-h-96 overflow-auto rounded border border-slate-800 bg-slate-950 p-2 font-mono text-xs leading-5 text-slate-300"
        >
          {text.split('\n').map((line, index) => (
            <div key={index} className={others.has(line) ? undefined : mark}>
              {line || ' '}
            </div>
          ))}
        </pre>
      </div>
    );
  };
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {side(before, after, 'Before', 'bg-rose-950/60 text-rose-200')}
      {side(after, before, 'After', 'bg-emerald-950/60 text-emerald-200')}
    </div>
  );
}
