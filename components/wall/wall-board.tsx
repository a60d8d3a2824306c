'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import { useCallback, useEffect, useState } from 'react';
import type { WallView } from '@/server/api/wall/wall-view';
import type { LiveMessage } from '@/server/types/live-message';
import { useConnectionState } from '../trpc/connection-state';
import { useTRPC } from '../trpc/trpc';
import { useNow } from '../ui/use-now';
import { WallList } from './wall-list';
import { WallTiles } from './wall-tiles';

function clock(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/**
 * The status wall: read-only, for a screen nobody touches. It keeps the last data with a stale banner
 * while the stream is down (the socket reconnects with backoff), reloads when a new build is deployed,
 * and shows nothing once its access is revoked.
 */
export function WallBoard({ buildId }: { buildId: string }) {
  const trpc = useTRPC();
  const connection = useConnectionState();
  const now = useNow(1_000);
  const [view, setView] = useState<WallView>();
  const [updatedAt, setUpdatedAt] = useState<number>();
  const onData = useCallback((message: LiveMessage<WallView>) => {
    if (message.view) setView(message.view);
    setUpdatedAt(Date.now());
  }, []);
  useSubscription(trpc.wall.live.subscriptionOptions(undefined, { onData }));
  useEffect(() => {
    if (view && buildId && view.buildId !== buildId) window.location.reload();
  }, [view, buildId]);

  if (connection === 'signed-out') {
    return (
      <div className="flex min-h-screen items-center justify-center bg-black" data-testid="wall-revoked">
        <p className="text-[max(1.5rem,2vw)] text-slate-400">
          This screen is not signed in or its access was revoked.
        </p>
      </div>
    );
  }
  const stale = connection !== 'live';
  const age = updatedAt === undefined ? undefined : Math.max(0, Math.floor((now - updatedAt) / 1000));
  return (
    <div
      className="min-h-screen space-y-[1vw] bg-black p-[1.5vw] text-slate-50"
      data-testid="wall"
      data-stale={stale}
    >
      <header className="flex items-baseline justify-between">
        <h1 className="text-[max(1.5rem,2.2vw)] font-bold">Rackpilot · fleet status</h1>
        <p className="text-[max(1.1rem,1.5vw)] tabular-nums text-slate-300" data-testid="wall-updated">
          {updatedAt === undefined ? 'connecting…' : `updated ${clock(updatedAt)} (${age} s ago)`}
        </p>
      </header>
      {stale && view && (
        <div
          role="status"
          data-testid="wall-stale"
          className="rounded-xl border-4 border-amber-400 bg-amber-950 p-[1vw] text-[max(1.2rem,1.6vw)] font-semibold text-amber-200"
        >
          Connection lost — showing data from {updatedAt === undefined ? '?' : clock(updatedAt)}.
          Reconnecting…
        </div>
      )}
      {view ? (
        <div className={stale ? 'opacity-60' : ''}>
          <WallTiles view={view} />
          <div className="mt-[1vw] grid gap-[1vw] lg:grid-cols-2">
            <WallList
              testId="wall-in-progress"
              title="In progress, longest first"
              list={view.inProgress}
              now={now}
              empty="Nothing in progress."
            />
            <WallList
              testId="wall-attention"
              title="Needs attention"
              list={view.attention}
              now={now}
              empty="Nothing needs attention."
            />
          </div>
        </div>
      ) : (
        <p className="text-[max(1.2rem,1.6vw)] text-slate-400">Waiting for data…</p>
      )}
    </div>
  );
}
