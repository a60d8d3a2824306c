'use client';

import { useState, type ReactNode } from 'react';
import { buttonClass, ModalDialog } from './modal-dialog';

/**
 * A modal confirm. With `confirmText` (destructive actions) the operator types the object's name to
 * enable the button, so a stray click at 3 a.m. deletes nothing.
 */
export function ConfirmDialog({
  title,
  children,
  confirmText,
  actionLabel,
  danger = true,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmText?: string;
  actionLabel: string;
  danger?: boolean;
  busy: boolean;
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState('');
  const confirmed = confirmText === undefined || typed === confirmText;
  return (
    <ModalDialog title={title} busy={busy} onClose={onCancel} testId="confirm-dialog">
      <form
        method="dialog"
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed && !busy) onConfirm();
        }}
      >
        <div className="space-y-2 text-sm text-slate-300">{children}</div>
        {confirmText !== undefined && (
          <label className="block text-sm">
            <span className="text-slate-300">
              Type <code className="rounded bg-slate-800 px-1 font-mono text-slate-100">{confirmText}</code>{' '}
              to confirm
            </span>
            <input
              data-testid="confirm-input"
              value={typed}
              data-autofocus
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => {
                setTyped(event.target.value);
              }}
              className="mt-1 w-full rounded border border-slate-700 bg-slate-950 px-2 py-1 font-mono text-sm focus:border-red-400"
            />
          </label>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-300" data-testid="confirm-error">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onCancel} disabled={busy} className={buttonClass.secondary}>
            Cancel
          </button>
          <button
            type="submit"
            data-testid="confirm-action"
            data-autofocus={confirmText === undefined ? true : undefined}
            disabled={!confirmed || busy}
            className={danger ? buttonClass.danger : buttonClass.primary}
          >
            {busy ? 'Working…' : actionLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
