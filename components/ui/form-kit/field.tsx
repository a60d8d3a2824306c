'use client';

import type { ReactNode } from 'react';
import { useFormKit } from './form-kit-context';

/**
 * A label, its control, a hint and the field's error right under it (never only at the top). Inside
 * a FormKit the error comes from the form (client, server or hint); `error` overrides it.
 */
export function Field({
  label,
  path,
  error,
  hint,
  children,
  className,
}: {
  label: ReactNode;
  path: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const kit = useFormKit();
  const shown = error ?? kit?.errorFor(path);
  return (
    <div
      className={`min-w-0 ${className ?? ''}`}
      data-testid={`field-${path}`}
      data-invalid={shown ? 'true' : undefined}
    >
      <label htmlFor={path} className="mb-1 block text-xs font-medium text-slate-300">
        {label}
      </label>
      {children}
      {shown ? (
        <p
          id={`${path}-error`}
          role="alert"
          data-testid={`error-${path}`}
          className="mt-1 text-xs text-red-300"
        >
          {shown}
        </p>
      ) : (
        hint && <p className="mt-1 text-xs text-slate-400">{hint}</p>
      )}
    </div>
  );
}

/** An error that belongs to a group of fields (a role, the DHCP section), not to one control. */
export function GroupError({ path, className }: { path: string; className?: string }) {
  const error = useFormKit()?.errorFor(path);
  if (!error) return null;
  return (
    <p role="alert" data-testid={`error-${path}`} className={className ?? 'text-xs text-red-300'}>
      {error}
    </p>
  );
}

export function inputClass(invalid: boolean): string {
  return `w-full rounded border bg-slate-950 px-2 py-1 text-sm text-slate-100 placeholder:text-slate-400 focus:outline-none ${
    invalid ? 'border-red-500/80 focus:border-red-400' : 'border-slate-700 focus:border-sky-500'
  }`;
}
