'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';

export type MenuItem =
  { kind: 'link'; label: string; href: string } | { kind: 'copy'; label: string; text: string };

/** A row's ⋮ menu. Reports open/close so the table can hold its row order meanwhile. */
export function RowMenu({
  items,
  label,
  onOpenChange,
}: {
  items: MenuItem[];
  label: string;
  onOpenChange?: (open: boolean) => void;
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
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      if (event instanceof PointerEvent && root.current?.contains(event.target as Node)) return;
      setOpen(false);
      onOpenChangeRef.current?.(false);
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
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="row-menu"
        onClick={() => {
          toggle(!open);
        }}
        className="rounded px-1.5 text-slate-400 hover:bg-slate-700 hover:text-white"
      >
        ⋮
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-20 mt-1 min-w-44 rounded-md border border-slate-700 bg-slate-900 py-1 text-sm shadow-xl"
        >
          {items.map((item) =>
            item.kind === 'link' ? (
              <Link
                key={item.label}
                role="menuitem"
                href={item.href}
                className="block px-3 py-1.5 text-slate-200 hover:bg-slate-800"
                onClick={() => {
                  toggle(false);
                }}
              >
                {item.label}
              </Link>
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
