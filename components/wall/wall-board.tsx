'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { WallView } from '@/server/api/wall/wall-view';
import type { LiveMessage } from '@/server/types/live-message';
import { useConnectionState } from '../trpc/connection-state';
import { useTRPC } from '../trpc/trpc';
import { useNow } from '../ui/use-now';
import { useCursorShown } from './use-idle-cursor';
import { useElementSize } from './use-element-size';
import { useScreenCookieRenewal } from './use-screen-cookie-renewal';
import { gridShape } from './wall-fit';
import { judgeFreshness, secondsText, type Freshness } from './wall-freshness';
import { parseRacks } from './wall-racks-mode';
import { pageAt, pagesOf, parseRotate, TILES_PER_PAGE } from './wall-rotation';
import { WallTile } from './wall-tile';
import { wallTileSpecs } from './wall-tiles';

function clock(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

const HEADER_TEXT = 'text-[max(1rem,min(1.6vw,2.8vh))]';

/** The header's word on stale data: why, and from when the data on screen is. */
function StaleNote({ freshness, updatedAt }: { freshness: Freshness; updatedAt: number | undefined }) {
  if (freshness.kind !== 'stale') return null;
  const from = updatedAt === undefined ? '?' : clock(updatedAt);
  return (
    <p
      role="status"
      data-testid="wall-stale"
      className="rounded-lg border-2 border-amber-400 bg-amber-950 px-[0.6em] font-semibold text-amber-200"
    >
      {freshness.why === 'disconnected'
        ? `Connection lost — showing data from ${from}. Reconnecting…`
        : `No data for ${secondsText(freshness.ageSeconds)} — showing data from ${from}.`}
    </p>
  );
}

/**
 * The status wall: read-only, for a screen nobody touches. Its tiles fill the screen whatever their
 * number (or, with `?rotate=<seconds>`, take turns four at a time); each says how old its data is and
 * greys out when that data is stale (the socket reconnects with backoff). It reloads when a new build
 * is deployed, hides the cursor while the mouse rests, and shows nothing once its access is revoked.
 * With `?racks=all` its racks tile draws every rack, scaled to fit, instead of naming those with problems.
 */
export function WallBoard({ buildId }: { buildId: string }) {
  const trpc = useTRPC();
  const connection = useConnectionState();
  const now = useNow(1_000);
  const [startedAt] = useState(now);
  const [view, setView] = useState<WallView>();
  const [updatedAt, setUpdatedAt] = useState<number>();
  const onData = useCallback((message: LiveMessage<WallView>) => {
    if (message.view) setView(message.view);
    setUpdatedAt(Date.now());
  }, []);
  const search = useSearchParams();
  const rotate = useMemo(() => parseRotate(search.get('rotate')), [search]);
  const racks = useMemo(() => parseRacks(search.get('racks')), [search]);
  useSubscription(trpc.wall.live.subscriptionOptions({ racks: racks.mode }, { onData }));
  useEffect(() => {
    if (view && buildId && view.buildId !== buildId) window.location.reload();
  }, [view, buildId]);
  useScreenCookieRenewal();
  const cursorShown = useCursorShown();
  const areaRef = useRef<HTMLElement>(null);
  const area = useElementSize(areaRef);

  if (connection === 'signed-out') {
    return (
      <div className="flex h-dvh items-center justify-center bg-black" data-testid="wall-revoked">
        <p className="text-[max(1.5rem,2vw)] text-slate-400">
          This screen is not signed in or its access was revoked.
        </p>
      </div>
    );
  }
  const freshness = judgeFreshness(connection, updatedAt, now);
  const tiles = view ? wallTileSpecs(view, now) : [];
  const pages = rotate.seconds === undefined ? [tiles] : pagesOf(tiles, TILES_PER_PAGE);
  const page = pageAt(now - startedAt, (rotate.seconds ?? 0) * 1000, pages.length);
  const shown = pages[page] ?? [];
  const { columns, rows } = gridShape(shown.length, area.width, area.height);
  const grid: CSSProperties = {
    gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
    gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`,
  };
  return (
    <div
      className={`flex h-dvh flex-col gap-[0.8vw] overflow-hidden bg-black p-[1vw] text-slate-50 ${cursorShown ? '' : 'cursor-none'}`}
      data-testid="wall"
      data-stale={freshness.kind === 'stale'}
      data-cursor={cursorShown ? 'shown' : 'hidden'}
    >
      <header className={`flex shrink-0 flex-wrap items-baseline gap-x-[1.5vw] gap-y-1 ${HEADER_TEXT}`}>
        <h1 className="text-[1.3em] font-bold">Rackpilot · fleet status</h1>
        <StaleNote freshness={freshness} updatedAt={updatedAt} />
        {[
          { testId: 'wall-rotate-note', note: rotate.note },
          { testId: 'wall-racks-note', note: racks.note },
        ].map(
          ({ testId, note }) =>
            note && (
              <p key={testId} className="text-amber-300" data-testid={testId}>
                {note}
              </p>
            ),
        )}
        <span className="ml-auto flex gap-x-[1.5vw] tabular-nums text-slate-300">
          {rotate.seconds !== undefined && (
            <span data-testid="wall-page" data-page={page + 1}>
              page {page + 1} / {pages.length} · every {rotate.seconds} s
            </span>
          )}
          <span data-testid="wall-updated">
            {updatedAt === undefined ? 'connecting…' : `data from ${clock(updatedAt)}`}
          </span>
        </span>
      </header>
      <main ref={areaRef} className="grid min-h-0 flex-1 gap-[0.8vw]" style={grid}>
        {view ? (
          shown.map((spec) => <WallTile key={spec.testId} spec={spec} freshness={freshness} />)
        ) : (
          <p className={`text-slate-400 ${HEADER_TEXT}`}>Waiting for data…</p>
        )}
      </main>
    </div>
  );
}
