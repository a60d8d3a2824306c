'use client';

import { ageText } from './format';
import { useNow } from './use-now';

/**
 * An age that ticks on its own, on the clock its siblings share: a table's rows then stay memoized
 * when only the time moves, and a tick renders the age cells alone.
 */
export function AgeCell({ iso, intervalMs = 5_000 }: { iso: string | undefined; intervalMs?: number }) {
  const now = useNow(intervalMs);
  return <span title={iso}>{ageText(iso, now)}</span>;
}
