'use client';

import { useEffect, useState } from 'react';

/** Whole seconds since `since`, re-rendering once a second; undefined until there is a time. */
export function useSecondsSince(since: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1_000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return since === undefined ? undefined : Math.max(0, Math.floor((now - since) / 1_000));
}
