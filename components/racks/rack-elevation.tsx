'use client';

import { memo, type CSSProperties } from 'react';
import type { RackHostView, RackView } from '@/server/api/racks/rack-view';
import { ConsoleLink } from '../console-link';
import { hostHref } from '../hosts/host-menu-items';
import { BOX_STYLES, boxGlyph, boxLook, boxWord, tenantMark } from './rack-look';

/** Height of one rack unit on screen. */
export const UNIT_PX = 16;

/** Called when a box is hovered or focused (with the box), or left (undefined). */
export type Inspect = (key: string | undefined, box?: HTMLElement) => void;

export function rackTitle(name: string): string {
  return name === '' ? 'No rack' : name;
}

function unitsText(host: RackHostView): string {
  if (host.slot === undefined) return 'unplaced';
  return host.height > 1 ? `U${host.slot}–U${host.slot + host.height - 1}` : `U${host.slot}`;
}

/** What a screen reader hears for a box; the card adds BMC and last change on focus. */
function boxLabel(host: RackHostView): string {
  const look = boxLook(host.row.status);
  const { tenant, role } = host.row;
  return [
    host.row.name,
    unitsText(host),
    `${host.row.status.label} (${boxWord(look)})`,
    tenant ? `${role ?? 'host'} of ${tenant.namespace}/${tenant.name}` : undefined,
    host.problems.length > 0 ? host.problems.join('; ') : undefined,
  ]
    .filter(Boolean)
    .join(', ');
}

function HostBox({
  host,
  active,
  filtering,
  style,
  onInspect,
}: {
  host: RackHostView;
  active: boolean;
  filtering: boolean;
  style?: CSSProperties;
  onInspect: Inspect;
}) {
  const look = boxLook(host.row.status);
  const dimmed = filtering && !host.match;
  const highlighted = filtering && host.match;
  const problem = host.problems.length > 0;
  const mark = tenantMark(host.row.tenant, host.row.role);
  return (
    <ConsoleLink
      href={hostHref(host.row)}
      tabIndex={active ? 0 : -1}
      data-testid="rack-host"
      data-host={host.row.key}
      data-slot={host.slot ?? ''}
      data-height={host.height}
      data-look={look}
      data-match={host.match}
      data-highlighted={highlighted}
      data-problem={problem}
      aria-label={boxLabel(host)}
      style={style}
      onMouseEnter={(event) => {
        onInspect(host.row.key, event.currentTarget);
      }}
      onMouseLeave={() => {
        onInspect(undefined);
      }}
      onFocus={(event) => {
        onInspect(host.row.key, event.currentTarget);
      }}
      onBlur={() => {
        onInspect(undefined);
      }}
      className={`flex items-center gap-1 overflow-hidden rounded-sm border px-1 text-[10px] leading-none outline-none focus-visible:ring-2 focus-visible:ring-sky-300 ${BOX_STYLES[look]} ${dimmed ? 'opacity-25' : ''} ${highlighted ? 'ring-2 ring-white' : ''} ${problem ? 'outline-2 outline-offset-[-2px] outline-red-400' : ''}`}
    >
      {/* Dimmed boxes carry no text: their colour is enough, and faint text would be unreadable. */}
      {!dimmed && (
        <>
          <span aria-hidden>{boxGlyph(look)}</span>
          <span aria-hidden className="truncate">
            {problem ? '! ' : ''}
            {host.row.name}
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
    </ConsoleLink>
  );
}

function placedStyle(host: RackHostView): CSSProperties {
  return {
    position: 'absolute',
    bottom: ((host.slot ?? 1) - 1) * UNIT_PX,
    height: host.height * UNIT_PX - 1,
    left: `${(host.lane / host.lanes) * 100}%`,
    width: `${100 / host.lanes}%`,
  };
}

function RackElevationImpl({
  rack,
  units,
  activeKey,
  filtering,
  onInspect,
}: {
  rack: RackView;
  units: number;
  /** The box that takes Tab into the racks, when it is in this rack. */
  activeKey: string | undefined;
  filtering: boolean;
  onInspect: Inspect;
}) {
  const title = rackTitle(rack.name);
  const hosts = rack.placed.length + rack.tray.length;
  return (
    <section
      aria-label={`Rack ${title}`}
      data-testid="rack"
      data-rack={rack.name}
      data-problems={rack.problems}
      className="w-44 shrink-0 rounded-md border border-slate-700 bg-slate-900 p-2"
      // Racks off screen skip layout and paint until scrolled to: at 250 racks most are.
      style={{ contentVisibility: 'auto', containIntrinsicSize: `auto ${units * UNIT_PX + 120}px` }}
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
          {rack.placed.map((host) => (
            <HostBox
              key={host.row.key}
              host={host}
              active={host.row.key === activeKey}
              filtering={filtering}
              style={placedStyle(host)}
              onInspect={onInspect}
            />
          ))}
        </div>
      )}
      {rack.tray.length > 0 && (
        <div className="mt-2" data-testid="rack-tray">
          <h3 className="text-xs text-slate-400">Unplaced ({rack.tray.length})</h3>
          <div className="mt-1 flex flex-col gap-px">
            {rack.tray.map((host) => (
              <HostBox
                key={host.row.key}
                host={host}
                active={host.row.key === activeKey}
                filtering={filtering}
                style={{ height: UNIT_PX }}
                onInspect={onInspect}
              />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * One rack's elevation: each host a box at its units, side by side where they overlap, then its
 * unplaced tray. Repaints only when the rack's own data (its version) or its share of the page's state
 * changes, so one host's change repaints one rack.
 */
export const RackElevation = memo(
  RackElevationImpl,
  (before, after) =>
    before.rack.version === after.rack.version &&
    before.activeKey === after.activeKey &&
    before.filtering === after.filtering &&
    before.units === after.units &&
    before.onInspect === after.onInspect,
);
