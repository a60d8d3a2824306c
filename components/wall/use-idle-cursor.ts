'use client';

import { useEffect, useState } from 'react';

/** How long the mouse must rest before the wall hides its cursor. */
export const CURSOR_IDLE_MS = 3_000;

/**
 * Whether the cursor should show: true for `idleMs` after the mouse last moved, false after. A pointer
 * left in the middle of a wall hides what is under it; whoever walks up and moves the mouse gets it back.
 */
export function useCursorShown(idleMs = CURSOR_IDLE_MS): boolean {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    let timer = setTimeout(() => setShown(false), idleMs);
    const moved = () => {
      clearTimeout(timer);
      setShown(true);
      timer = setTimeout(() => setShown(false), idleMs);
    };
    window.addEventListener('pointermove', moved, { passive: true });
    window.addEventListener('pointerdown', moved, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointermove', moved);
      window.removeEventListener('pointerdown', moved);
    };
  }, [idleMs]);
  return shown;
}
