'use client';

import { ConsoleLink } from '../console-link';
import { useEffect, useRef, useState } from 'react';

export type MenuItem =
  | { kind: 'link'; label: string; href: string }
  | { kind: 'copy'; label: string; text: string }
  | { kind: 'action'; label: string; onSelect: () => void; danger?: boolean; separated?: boolean };

/**
 * A row's ⋮ menu (or, with `trigger`, a page's actions menu). Reports open/close so the table can hold
 * its row order meanwhile. Opening focuses the first item; arrow keys move, Escape closes and returns
 * focus to the button.
 */
export function RowMenu({
  items,
  label,
  onOpenChange,
  trigger,
  testId = 'row-menu',
}: {
  items: MenuItem[];
  label: string;
  onOpenChange?: (open: boolean) => void;
  trigger?: string;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<string>();
  const root = useRef<HTMLDivElement>(null);
  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  });

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      if (event instanceof PointerEvent && root.current?.contains(event.target as Node)) return;
      setOpen(false);
      onOpenChangeRef.current?.(false);
      if (event instanceof KeyboardEvent)
        root.current?.querySelector<HTMLElement>('[aria-haspopup]')?.focus();
    };
    window.addEventListener('pointerdown', close);
    window.addEventListener('keydown', close);
    return () => {
      window.removeEventListener('pointerdown', close);
      window.removeEventListener('keydown', close);
    };
  }, [open]);

  const toggle = (next: boolean) => {
    setOpen(next);
    setCopied(undefined);
    onOpenChange?.(next);
  };

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label={trigger ? undefined : label}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid={testId}
        onClick={() => {
          toggle(!open);
        }}
        className={
          trigger
            ? 'rounded-md border border-slate-600 px-3 py-1.5 text-sm text-slate-100 hover:bg-slate-800'
            : 'rounded px-1.5 text-slate-300 hover:bg-slate-700 hover:text-white'
        }
      >
        {trigger ? `${trigger} ▾` : '⋮'}
      </button>
      {open && (
        <div
          role="menu"
          aria-label={label}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
            event.preventDefault();
            const entries = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
            const at = entries.indexOf(document.activeElement as HTMLElement);
            const step = event.key === 'ArrowDown' ? 1 : -1;
            entries[(at + step + entries.length) % entries.length]?.focus();
          }}
          className="absolute right-0 z-20 mt-1 min-w-44 rounded-md border border-slate-700 bg-slate-900 py-1 text-sm shadow-xl"
        >
          {items.map((item) =>
            item.kind === 'action' ? (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                className={`block w-full px-3 py-1.5 text-left hover:bg-slate-800 ${item.danger ? 'text-red-300' : 'text-slate-200'} ${item.separated ? 'mt-1 border-t border-slate-700' : ''}`}
                onClick={() => {
                  // A dialog opened by the item returns focus to the menu button when it closes.
                  root.current?.querySelector<HTMLElement>('[aria-haspopup]')?.focus();
                  toggle(false);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            ) : item.kind === 'link' ? (
              <ConsoleLink
                key={item.label}
                role="menuitem"
                href={item.href}
                className="block px-3 py-1.5 text-slate-200 hover:bg-slate-800"
                onClick={() => {
                  toggle(false);
                }}
              >
                {item.label}
              </ConsoleLink>
            ) : (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                className="block w-full px-3 py-1.5 text-left text-slate-200 hover:bg-slate-800"
                onClick={() => {
                  void navigator.clipboard.writeText(item.text).then(
                    () => {
                      setCopied(item.label);
                    },
                    () => {
                      setCopied(`${item.label} failed`);
                    },
                  );
                }}
              >
                {copied === item.label ? 'Copied ✓' : item.label}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
