'use client';

import type { ReactNode } from 'react';
import { useConnectionState } from '../trpc/connection-state';
import { useSecondsSince } from './use-seconds-since';

/** "updated N s ago", or why the data is not live; data-stale tells tests and styles. */
export function UpdatedAgo({ at }: { at: number | undefined }) {
  const connection = useConnectionState();
  const age = useSecondsSince(at);
  const live = connection === 'live';
  return (
    <span
      data-testid="updated-ago"
      data-stale={live ? 'false' : 'true'}
      className={`text-xs tabular-nums ${live ? 'text-slate-400' : 'text-amber-300'}`}
    >
      {age === undefined ? (live ? 'waiting for data…' : 'connecting…') : `updated ${age} s ago`}
      {!live && age !== undefined ? ' · reconnecting, showing last data' : ''}
    </span>
  );
}

/** Greys its content while the socket is down: the last data stays visible but reads as stale. */
export function LiveFrame({ children }: { children: ReactNode }) {
  const connection = useConnectionState();
  const stale = connection !== 'live';
  return (
    <div
      data-testid="live-frame"
      data-stale={stale ? 'true' : 'false'}
      aria-busy={stale}
      className={`space-y-3 transition-opacity ${stale ? 'opacity-50 grayscale' : ''}`}
    >
      {children}
    </div>
  );
}

/**
 * A header's right end: freshness, then `actions` (e.g. New or Delete). Given `actions` (even when
 * it renders nothing for this viewer), the two share a flex row; without, freshness stands alone.
 */
export function UpdatedWithActions({ at, actions }: { at: number | undefined; actions?: ReactNode }) {
  if (actions === undefined) {
    return (
      <span className="ml-auto">
        <UpdatedAgo at={at} />
      </span>
    );
  }
  return (
    <span className="ml-auto flex items-center gap-4">
      <UpdatedAgo at={at} />
      {actions}
    </span>
  );
}
