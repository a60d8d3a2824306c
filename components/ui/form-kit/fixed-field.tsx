'use client';

import type { EditTarget } from './edit-form-page';

/** A field that cannot change after create: its value, read-only, and why. */
export function FixedField({
  label,
  path,
  value,
  reason,
}: {
  label: string;
  path: string;
  value: string;
  reason: string;
}) {
  return (
    <div className="min-w-0" data-testid={`fixed-${path}`}>
      <label htmlFor={path} className="mb-1 block text-xs font-medium text-slate-300">
        {label}
      </label>
      <input
        id={path}
        value={value}
        readOnly
        aria-describedby={`${path}-fixed`}
        className="w-full cursor-not-allowed rounded-md border border-slate-800 bg-slate-900 px-3 py-2 text-sm text-slate-400"
      />
      <p id={`${path}-fixed`} className="mt-1 text-xs text-slate-400">
        Cannot change after create: {reason}
      </p>
    </div>
  );
}

/** An edit's namespace and name: read-only, with why they cannot change. */
export function FixedIdentityFields({ target }: { target: EditTarget<unknown> }) {
  return (
    <>
      <FixedField
        label="Namespace"
        path="namespace"
        value={target.namespace}
        reason={target.fixed.namespace ?? ''}
      />
      <FixedField label="Name" path="name" value={target.name} reason={target.fixed.name ?? ''} />
    </>
  );
}
