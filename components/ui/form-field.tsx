import type { ReactNode } from 'react';

/** A label, its control, a hint and the field's error right under it (never only at the top). */
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
  return (
    <div
      className={`min-w-0 ${className ?? ''}`}
      data-testid={`field-${path}`}
      data-invalid={error ? 'true' : undefined}
    >
      <label htmlFor={path} className="mb-1 block text-xs font-medium text-slate-300">
        {label}
      </label>
      {children}
      {error ? (
        <p
          id={`${path}-error`}
          role="alert"
          data-testid={`error-${path}`}
          className="mt-1 text-xs text-red-300"
        >
          {error}
        </p>
      ) : (
        hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>
      )}
    </div>
  );
}

export function inputClass(invalid: boolean): string {
  return `w-full rounded border bg-slate-950 px-2 py-1 text-sm text-slate-100 placeholder:text-slate-600 focus:outline-none ${
    invalid ? 'border-red-500/80 focus:border-red-400' : 'border-slate-700 focus:border-sky-500'
  }`;
}

/** '' ⇄ NaN for number inputs, so an emptied field is reported as "Enter a number", not 0. */
export function numberValue(value: number): string | number {
  return Number.isNaN(value) ? '' : value;
}

export function parseNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}
