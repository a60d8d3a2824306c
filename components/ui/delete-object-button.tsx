'use client';

import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { errorText } from './errors';

/**
 * "Delete…" on a detail page: opens the typed-name confirm, runs `remove`, and keeps the dialog open
 * with the reason when the server refuses.
 */
export function DeleteObjectButton({
  testId,
  title,
  actionLabel,
  name,
  remove,
  children,
}: {
  testId: string;
  title: string;
  actionLabel: string;
  name: string;
  remove: () => Promise<void>;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <>
      <button
        type="button"
        data-testid={testId}
        onClick={() => {
          setError(undefined);
          setOpen(true);
        }}
        className="rounded-md border border-red-700 px-3 py-1.5 text-sm text-red-300 hover:bg-red-950"
      >
        Delete…
      </button>
      {open && (
        <ConfirmDialog
          title={title}
          confirmText={name}
          actionLabel={actionLabel}
          busy={busy}
          error={error}
          onCancel={() => {
            setOpen(false);
          }}
          onConfirm={() => {
            setBusy(true);
            remove()
              .then(() => {
                setOpen(false);
              })
              .catch((failure: unknown) => {
                setError(errorText(failure instanceof Error ? failure : { message: String(failure) }));
              })
              .finally(() => {
                setBusy(false);
              });
          }}
        >
          {children}
        </ConfirmDialog>
      )}
    </>
  );
}
