'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A modal confirm for destructive actions: the operator types the object's name to enable the
 * button, so a stray click at 3 a.m. deletes nothing.
 */
export function ConfirmDialog({
  title,
  children,
  confirmText,
  actionLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmText: string;
  actionLabel: string;
  busy: boolean;
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="confirm-title"
      data-testid="confirm-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-full max-w-lg rounded-lg border border-slate-700 bg-slate-900 p-0 text-slate-100 shadow-2xl backdrop:bg-black/70"
    >
      <form
        method="dialog"
        className="space-y-4 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed === confirmText && !busy) onConfirm();
        }}
      >
        <h2 id="confirm-title" className="text-lg font-semibold">
          {title}
        </h2>
        <div className="space-y-2 text-sm text-slate-300">{children}</div>
        <label className="block text-sm">
          <span className="text-slate-400">
            Type <code className="rounded bg-slate-800 px-1 font-mono text-slate-100">{confirmText}</code> to
            confirm
          </span>
          <input
            data-testid="confirm-input"
            value={typed}
            autoFocus
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => {
              setTyped(event.target.value);
            }}
            className="mt-1 w-full rounded border border-slate-700 bg-slate-950 px-2 py-1 font-mono text-sm focus:border-red-400 focus:outline-none"
          />
        </label>
        {error && (
          <p role="alert" className="text-sm text-red-300">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={onCancel}
            disabled={busy}
            className="rounded border border-slate-600 px-3 py-1.5 text-sm hover:bg-slate-800"
          >
            Cancel
          </button>
          <button
            type="submit"
            data-testid="confirm-action"
            disabled={typed !== confirmText || busy}
            className="rounded bg-red-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-500 disabled:cursor-not-allowed disabled:opacity-40"
          >
            {busy ? 'Working…' : actionLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
