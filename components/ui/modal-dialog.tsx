'use client';

import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href]';

/** Tab and Shift+Tab cycle through the dialog's controls: focus never leaves for the browser's own UI. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert, Tab cycles through the
 * dialog's controls, and Escape closes it unless `busy`. Focus starts on the control marked
 * `data-autofocus` (else the first one) and returns to the element that opened the dialog.
 */
export function ModalDialog({
  title,
  busy = false,
  onClose,
  testId,
  wide = false,
  children,
}: {
  title: string;
  busy?: boolean;
  onClose: () => void;
  testId?: string;
  /** Room for a form of two columns. */
  wide?: boolean;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    if (element && !element.open) element.showModal();
    element?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      element?.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      data-testid={testId}
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      className={`m-auto w-full ${wide ? 'max-w-2xl' : 'max-w-lg'} rounded-lg border border-slate-700 bg-slate-900 p-0 text-slate-100 shadow-2xl backdrop:bg-black/70`}
    >
      <div className="space-y-4 p-5">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

export const buttonClass = {
  secondary:
    'rounded border border-slate-600 px-3 py-1.5 text-sm hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-40',
  primary:
    'rounded bg-sky-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-600 disabled:cursor-not-allowed disabled:opacity-40',
  danger:
    'rounded bg-red-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-500 disabled:cursor-not-allowed disabled:opacity-40',
};
