import type { ReactNode } from 'react';

/** A small, non-virtual table for short admin lists (users, tokens, sessions, audit pages). */
export function PlainTable({
  headers,
  rows,
  empty,
  testId,
}: {
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
  empty: string;
  testId: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-slate-400">{empty}</p>;
  return (
    <table className="w-full text-left text-sm" data-testid={testId}>
      <thead className="text-xs uppercase tracking-wide text-slate-400">
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col" className="px-2 py-1.5 font-medium">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-800">
        {rows.map((row) => (
          <tr key={row.key} data-testid={`${testId}-row`}>
            {row.cells.map((cell, index) => (
              <td key={index} className="px-2 py-1.5 align-top text-slate-200">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const buttonClass =
  'rounded px-2.5 py-1 text-sm ring-1 ring-slate-700 text-slate-200 hover:text-white hover:ring-slate-500 disabled:opacity-50';
export const inputClass =
  'rounded border border-slate-700 bg-slate-950 px-2.5 py-1.5 text-sm text-slate-100 focus:border-sky-500 focus:outline-none';
