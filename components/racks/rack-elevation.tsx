'use client';

import { memo, type CSSProperties } from 'react';
import type { RackHostView } from '@/server/api/racks/rack-view';
import { hostHref } from '../hosts/host-menu-items';
import { BOX_STYLES, boxGlyph, boxLook, boxWord, tenantMark } from './rack-look';
import type { BoxPlace, RackFrame } from './rack-store';
import { useNearScreen } from './use-near-screen';
import { useRackBox } from './use-rack-box';

/** Height of one rack unit on screen. */
export const UNIT_PX = 16;

export function rackTitle(name: string): string {
  return name === '' ? 'No rack' : name;
}

export function unitsText(place: BoxPlace): string {
  if (place.slot === undefined) return 'unplaced';
  return place.height > 1 ? `U${place.slot}–U${place.slot + place.height - 1}` : `U${place.slot}`;
}

/** What a screen reader hears for a box; the card adds BMC and last change on focus. */
function boxLabel(host: RackHostView, place: BoxPlace): string {
  const look = boxLook(host);
  const { tenant, role } = host;
  return [
    host.name,
    unitsText(place),
    `${host.label} (${boxWord(look)})`,
    tenant ? `${role ?? 'host'} of ${tenant.namespace}/${tenant.name}` : undefined,
    host.problems.length > 0 ? host.problems.join('; ') : undefined,
  ]
    .filter(Boolean)
    .join(', ');
}

function boxStyle(place: BoxPlace, inTray: boolean): CSSProperties {
  if (inTray) return { height: UNIT_PX };
  return {
    position: 'absolute',
    bottom: ((place.slot ?? 1) - 1) * UNIT_PX,
    height: place.height * UNIT_PX - 1,
    left: `${(place.lane / place.lanes) * 100}%`,
    width: `${100 / place.lanes}%`,
  };
}

/**
 * One host's box: a plain link, its handlers delegated to the racks (racks-page.tsx), since a Next
 * `Link` per box (its hooks, context and ref) doubled what mounting a rack cost. It reads what it shows
 * from the page's store by its key, so a change to the host re-renders this box alone; its props (its
 * place, from the rack's frame) change only when it moves.
 */
const HostBox = memo(function HostBox({
  place,
  inTray,
  active,
  filtering,
}: {
  place: BoxPlace;
  inTray: boolean;
  active: boolean;
  filtering: boolean;
}) {
  const host = useRackBox(place.key);
  if (!host) return null;
  const look = boxLook(host);
  const dimmed = filtering && !host.match;
  const highlighted = filtering && host.match;
  const problem = host.problems.length > 0;
  const mark = tenantMark(host.tenant, host.role);
  return (
    <a
      href={hostHref(host)}
      tabIndex={active ? 0 : -1}
      data-testid="rack-host"
      data-host={host.key}
      data-slot={place.slot ?? ''}
      data-height={place.height}
      data-look={look}
      data-match={host.match}
      data-highlighted={highlighted}
      data-problem={problem}
      aria-label={boxLabel(host, place)}
      style={boxStyle(place, inTray)}
      className={`flex items-center gap-1 overflow-hidden rounded-sm border px-1 text-[10px] leading-none outline-none focus-visible:ring-2 focus-visible:ring-sky-300 ${BOX_STYLES[look]} ${dimmed ? 'opacity-25' : ''} ${highlighted ? 'ring-2 ring-white' : ''} ${problem ? 'outline-2 outline-offset-[-2px] outline-red-400' : ''}`}
    >
      {/* Dimmed boxes carry no text: their colour is enough, and faint text would be unreadable. */}
      {!dimmed && (
        <>
          <span aria-hidden>{boxGlyph(look)}</span>
          <span aria-hidden className="truncate">
            {problem ? '! ' : ''}
            {host.name}
          </span>
          {mark && (
            <span
              aria-hidden
              className="ml-auto shrink-0 rounded-sm bg-slate-950/60 px-0.5 font-semibold"
              data-testid="rack-host-tenant"
            >
              {mark}
            </span>
          )}
        </>
      )}
    </a>
  );
});

/** The tray's height for `count` boxes one unit tall, a pixel apart: the same drawn or not. */
function trayHeight(count: number): number {
  return count * UNIT_PX + Math.max(0, count - 1);
}

/**
 * One rack's elevation: each host a box at its units, side by side where they overlap, then its
 * unplaced tray. Its boxes are drawn only while the rack is on screen or near it (or holds the box
 * that takes Tab): at 250 racks most are off screen, kept as empty frames of the same size. It
 * re-renders when its frame changes (a box moved, its problem count) or its share of the page's
 * state does; a host's own change repaints only that host's box.
 */
export const RackElevation = memo(function RackElevation({
  rack,
  units,
  activeKey,
  filtering,
}: {
  rack: RackFrame;
  units: number;
  /** The box that takes Tab into the racks, when it is in this rack. */
  activeKey: string | undefined;
  filtering: boolean;
}) {
  const [ref, near] = useNearScreen<HTMLElement>();
  const drawn = near || activeKey !== undefined;
  const title = rackTitle(rack.name);
  const hosts = rack.placed.length + rack.tray.length;
  const box = (place: BoxPlace, inTray: boolean) => (
    <HostBox
      key={place.key}
      place={place}
      inTray={inTray}
      active={place.key === activeKey}
      filtering={filtering}
    />
  );
  return (
    <section
      ref={ref}
      aria-label={`Rack ${title}`}
      data-testid="rack"
      data-rack={rack.name}
      data-problems={rack.problems}
      data-drawn={drawn}
      className="w-44 shrink-0 rounded-md border border-slate-700 bg-slate-900 p-2"
    >
      <h2 className="flex items-baseline justify-between gap-2 text-sm">
        <span className="truncate font-semibold">{title}</span>
        <span className="shrink-0 text-xs text-slate-400">
          {hosts} {hosts === 1 ? 'host' : 'hosts'}
        </span>
      </h2>
      <p
        className={`text-xs ${rack.problems > 0 ? 'font-semibold text-red-300' : 'text-slate-400'}`}
        data-testid="rack-problems"
      >
        {rack.problems > 0
          ? `${rack.problems} ${rack.problems === 1 ? 'problem' : 'problems'}`
          : 'no problems'}
      </p>
      {rack.name !== '' && (
        <div
          className="relative mt-1 border-x-4 border-slate-600 bg-slate-950"
          style={{ height: units * UNIT_PX }}
          data-testid="rack-units"
        >
          {drawn && rack.placed.map((place) => box(place, false))}
        </div>
      )}
      {rack.tray.length > 0 && (
        <div className="mt-2" data-testid="rack-tray">
          <h3 className="text-xs text-slate-400">Unplaced ({rack.tray.length})</h3>
          <div className="mt-1 flex flex-col gap-px" style={{ height: trayHeight(rack.tray.length) }}>
            {drawn && rack.tray.map((place) => box(place, true))}
          </div>
        </div>
      )}
    </section>
  );
});
