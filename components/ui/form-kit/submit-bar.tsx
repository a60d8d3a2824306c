'use client';

import { ConsoleLink } from '../../console-link';
import { useCallback, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { ErrorBox } from '../panel';
import type { SchemaForm } from './use-schema-form';

const MARK = '[role="alert"][data-testid^="error-"]';

/**
 * How many fields and groups of the form show an error now, kept current by watching the form. Counted
 * from what is drawn, as the count must be the marks the user sees: an error at a path no field shows
 * is not one, and a server preview's hint drawn as an error is.
 */
function useMarkedFields(form: HTMLFormElement | null): number {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!form) return () => undefined;
      const observer = new MutationObserver(changed);
      observer.observe(form, { subtree: true, childList: true });
      return () => {
        observer.disconnect();
      };
    },
    [form],
  );
  return useSyncExternalStore(
    subscribe,
    () => form?.querySelectorAll(MARK).length ?? 0,
    () => 0,
  );
}

/**
 * The form-wide message, the dry-run outcome and the buttons: "Check" asks the API server for a
 * server-side dry run (schema, CEL rules, admission; nothing is stored), Create creates.
 */
export function SubmitBar<T extends FieldValues>({
  kit,
  createLabel,
  createTestId,
  pending,
  canCreate = true,
  onDryRun,
  cancelHref,
  children,
}: {
  kit: SchemaForm<T>;
  createLabel: string;
  createTestId: string;
  /** Which call is under way, if any. */
  pending: 'create' | 'dry-run' | undefined;
  canCreate?: boolean;
  onDryRun: () => void;
  cancelHref: string;
  /** Under the buttons: what creating does. */
  children?: ReactNode;
}) {
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const inForm = useCallback((bar: HTMLDivElement | null) => {
    setForm(bar?.closest('form') ?? null);
  }, []);
  const marked = useMarkedFields(form);
  const message = kit.invalidSubmit
    ? `Nothing was created: ${String(marked)} field(s) need attention.`
    : kit.message;
  return (
    <div ref={inForm} className="space-y-3">
      {message && <ErrorBox testId="form-error">{message}</ErrorBox>}
      {kit.notice && (
        <p
          role="status"
          data-testid="form-notice"
          className="rounded border border-emerald-800/80 bg-emerald-950/50 px-3 py-2 text-sm text-emerald-200"
        >
          {kit.notice}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {canCreate && (
          <>
            <button
              type="submit"
              data-testid={createTestId}
              disabled={pending !== undefined}
              className="rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-600 disabled:opacity-50"
            >
              {pending === 'create' ? 'Creating…' : createLabel}
            </button>
            <button
              type="button"
              data-testid="dry-run"
              disabled={pending !== undefined}
              onClick={onDryRun}
              className="rounded-md border border-slate-700 px-3 py-2 text-sm text-slate-200 hover:bg-slate-800 disabled:opacity-50"
              title="Server-side dry run: the API server checks everything, nothing is stored"
            >
              {pending === 'dry-run' ? 'Checking…' : 'Check (dry run)'}
            </button>
          </>
        )}
        <ConsoleLink href={cancelHref} className="text-sm text-slate-400 hover:text-white">
          Cancel
        </ConsoleLink>
      </div>
      {children && <p className="text-xs text-slate-400">{children}</p>}
    </div>
  );
}
