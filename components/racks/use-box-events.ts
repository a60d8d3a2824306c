'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, type FocusEvent, type MouseEvent } from 'react';

/** Called when a box is hovered or focused (with the box), or left (undefined). */
export type Inspect = (key: string | undefined, box?: HTMLElement) => void;

/**
 * How long the pointer rests on a box before the box is inspected: racks passing under a pointer
 * that stays still while the page pans are not each inspected (a render of the page and a request
 * for the host's row).
 */
const HOVER_MS = 150;

/** The host box an event happened in, if any. */
function boxOf(target: EventTarget | null): HTMLElement | undefined {
  return target instanceof Element
    ? (target.closest<HTMLElement>('[data-testid="rack-host"]') ?? undefined)
    : undefined;
}

/**
 * The handlers of every box in the racks, on the element holding them: a plain click (or Enter) on a
 * box opens its host through the router, a click with a modifier or another button is left to the
 * browser as on any link; a box focused, or hovered for a moment, is inspected and chosen (focus only),
 * and inspected no more once left.
 */
export function useBoxEvents(onInspect: Inspect, onChoose: (key: string) => void) {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hovered = useRef<HTMLElement>(undefined);
  /** Whether the hovered box was inspected (the pointer rested on it). */
  const rested = useRef(false);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

  const leave = () => {
    clearTimeout(timer.current);
    if (rested.current) onInspect(undefined);
    hovered.current = undefined;
    rested.current = false;
  };

  return {
    onClick(event: MouseEvent<HTMLElement>) {
      const href = boxOf(event.target)?.getAttribute('href');
      const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
      if (!href || event.defaultPrevented || event.button !== 0 || modified) return;
      event.preventDefault();
      router.push(href);
    },
    onMouseOver(event: MouseEvent<HTMLElement>) {
      const box = boxOf(event.target);
      if (box === hovered.current) return;
      leave();
      if (!box) return;
      hovered.current = box;
      timer.current = setTimeout(() => {
        if (!box.isConnected || !box.dataset.host) return;
        rested.current = true;
        onInspect(box.dataset.host, box);
      }, HOVER_MS);
    },
    onMouseLeave: leave,
    onFocus(event: FocusEvent<HTMLElement>) {
      const box = boxOf(event.target);
      if (!box?.dataset.host) return;
      onChoose(box.dataset.host);
      onInspect(box.dataset.host, box);
    },
    onBlur(event: FocusEvent<HTMLElement>) {
      if (boxOf(event.target)) onInspect(undefined);
    },
  };
}
