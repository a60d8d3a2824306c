import type { ReactNode } from 'react';

/** A titled group of fields. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-800 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-200">{title}</legend>
      {children}
    </fieldset>
  );
}
