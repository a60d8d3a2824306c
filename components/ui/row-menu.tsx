'use client';

import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { ConsoleLink } from '../console-link';
import { menuPosition } from './menu-position';

export type MenuItem =
  | { kind: 'link'; label: string; href: string }
  | { kind: 'copy'; label: string; text: string }
  | { kind: 'action'; label: string; onSelect: () => void; danger?: boolean; separated?: boolean };

/** Keeps an open menu beside its button while the page or the table scrolls, or the window resizes. */
function useMenuPlacement(
  open: boolean,
  trigger: RefObject<HTMLElement | null>,
  layer: RefObject<HTMLElement | null>,
) {
  useLayoutEffect(() => {
    const button = trigger.current;
    const style = layer.current?.style;
    if (!open || !button || !style) return;
    const place = () => {
      const menu = layer.current;
      if (!menu) return;
      const { top, left } = menuPosition(
        button.getBoundingClientRect(),
        { width: menu.offsetWidth, height: menu.offsetHeight },
        { width: window.innerWidth, height: window.innerHeight },
      );
      style.setProperty('top', `${String(top)}px`);
      style.setProperty('left', `${String(left)}px`);
    };
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [open, trigger, layer]);
}

/**
 * A row's ⋮ menu (or, with `trigger`, a page's actions menu). Reports open/close so the table can hold
 * its row order meanwhile. The menu is drawn in a layer on top of the page (a portal into <body>), as a
 * table's scroll box would clip it and later rows would cover it; it opens upwards near the window's
 * bottom. Opening focuses the first item; arrow keys move, Escape closes and returns focus to the
 * button, and Tab leaves the menu to where it would have gone from the button.
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
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  });

  useMenuPlacement(open, button, menu);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape' && event.key !== 'Tab') return;
      const target = event.target as Node;
      if (
        event instanceof PointerEvent &&
        (button.current?.contains(target) || menu.current?.contains(target))
      )
        return;
      setOpen(false);
      onOpenChangeRef.current?.(false);
      // From the button, Tab's own default action moves on to the control after it.
      if (event instanceof KeyboardEvent) button.current?.focus();
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
    <div className="relative">
      <button
        ref={button}
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
      {open &&
        createPortal(
          <div
            ref={menu}
            role="menu"
            aria-label={label}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
              event.preventDefault();
              const entries = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
              const at = entries.indexOf(document.activeElement as HTMLElement);
              const step = event.key === 'ArrowDown' ? 1 : -1;
              entries[(at + step + entries.length) % entries.length]?.focus();
            }}
            className="fixed z-50 min-w-44 rounded-md border border-slate-700 bg-slate-900 py-1 text-sm shadow-xl"
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
                    button.current?.focus();
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
          </div>,
          document.body,
        )}
    </div>
  );
}
