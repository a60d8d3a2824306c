'use client';

import { useConnectionState } from './trpc/connection-state';

const styles = {
  live: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40',
  connecting: 'bg-slate-500/15 text-slate-300 ring-slate-500/40',
  reconnecting: 'bg-amber-500/15 text-amber-300 ring-amber-500/40',
  'signed-out': 'bg-rose-500/15 text-rose-300 ring-rose-500/40',
} as const;

export function ConnectionBadge() {
  const state = useConnectionState();
  return (
    <span
      data-testid="connection-badge"
      data-state={state}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${styles[state]}`}
    >
      <span className="h-1.5 w-1.5 rounded-full bg-current" aria-hidden />
      {state}
    </span>
  );
}
