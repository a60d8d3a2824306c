'use client';

import { useNow } from './use-now';

/** Whole seconds since `since`, re-rendering once a second; undefined until there is a time. */
export function useSecondsSince(since: number | undefined): number | undefined {
  const now = useNow(1_000);
  return since === undefined ? undefined : Math.max(0, Math.floor((now - since) / 1_000));
}
