'use client';

import { ConsoleLink } from '../console-link';
import { useState } from 'react';
import { holdConnectionState } from '../trpc/connection-state';
import { useViewer } from './use-viewer';

/** Where the sign-in page finds the provider's end-session URL to offer after a sign-out. */
export const END_SESSION_KEY = 'rackpilot-end-session';

async function signOut(): Promise<void> {
  holdConnectionState();
  const response = await fetch('/api/auth/logout', { method: 'POST' });
  const body = (await response.json().catch(() => ({}))) as { endSessionUrl?: string };
  if (body.endSessionUrl) sessionStorage.setItem(END_SESSION_KEY, body.endSessionUrl);
  window.location.assign('/login');
}

export function UserMenu() {
  const viewer = useViewer();
  const [busy, setBusy] = useState(false);
  if (!viewer.username) return null;
  return (
    <div className="flex items-center gap-3 text-sm" data-testid="user-menu">
      <ConsoleLink href="/account" className="text-slate-300 hover:text-white">
        {viewer.username} <span className="text-xs text-slate-400">({viewer.role})</span>
      </ConsoleLink>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void signOut();
        }}
        className="rounded px-2 py-1 text-slate-300 ring-1 ring-slate-700 hover:text-white"
      >
        Sign out
      </button>
    </div>
  );
}
