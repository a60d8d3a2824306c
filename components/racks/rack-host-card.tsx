'use client';

import { FreeCell, HostStatusCell } from '../hosts/host-status';
import { ToneGlyph } from '../ui/tone';
import { ageText, timeText } from '../ui/format';
import { useNow } from '../ui/use-now';
import { rackTitle, unitsText } from './rack-elevation';
import type { BoxPlace } from './rack-store';
import { useHostRow } from './use-host-row';
import { useRackBox } from './use-rack-box';

export interface CardAnchor {
  place: BoxPlace;
  rack: string;
  /** The box's place on screen when it was hovered or focused. */
  rect: { left: number; top: number; bottom: number };
}

/**
 * The hovered or focused box's details, beside it: name, state, cluster, BMC, last change. The box
 * gives the words at once; the host's row, asked for on showing, adds the state's detail and why a
 * host outside any cluster is not free.
 */
export function RackHostCard({ anchor }: { anchor: CardAnchor }) {
  const now = useNow(5_000);
  const { place, rect } = anchor;
  const host = useRackBox(place.key);
  const row = useHostRow(host);
  if (!host) return null;
  const below = rect.bottom + 180 < window.innerHeight;
  return (
    <div
      role="tooltip"
      data-testid="rack-host-card"
      className="pointer-events-none fixed z-40 w-72 rounded-md border border-slate-600 bg-slate-900 p-3 text-sm shadow-xl"
      style={{
        left: Math.max(8, Math.min(rect.left, window.innerWidth - 300)),
        ...(below ? { top: rect.bottom + 6 } : { bottom: window.innerHeight - rect.top + 6 }),
      }}
    >
      <p className="font-semibold text-slate-50" data-testid="card-name">
        {host.name} <span className="font-normal text-slate-400">· {host.namespace}</span>
      </p>
      <div className="mt-1">
        {row ? (
          <HostStatusCell status={row.status} deleting={row.deleting} />
        ) : (
          <span className="inline-flex items-center gap-1">
            <ToneGlyph tone={host.tone} />
            {host.label}
          </span>
        )}
      </div>
      <dl className="mt-2 grid grid-cols-[5.5rem_1fr] gap-x-2 gap-y-0.5 text-xs">
        <dt className="text-slate-400">Place</dt>
        <dd>
          {rackTitle(anchor.rack)} · {unitsText(place)}
        </dd>
        <dt className="text-slate-400">Cluster</dt>
        <dd data-testid="card-cluster">
          {host.tenant ? (
            `${host.tenant.namespace}/${host.tenant.name}${host.role ? ` (${host.role})` : ''}`
          ) : row ? (
            <FreeCell notFree={row.notFree} />
          ) : (
            'none'
          )}
        </dd>
        <dt className="text-slate-400">BMC</dt>
        <dd className="truncate font-mono" data-testid="card-bmc">
          {host.bmc ?? '—'}
        </dd>
        <dt className="text-slate-400">Last change</dt>
        <dd title={host.lastChange}>
          {host.lastChange ? `${ageText(host.lastChange, now)} ago · ${timeText(host.lastChange)}` : '—'}
        </dd>
      </dl>
      {host.problems.length > 0 && (
        <ul className="mt-2 list-inside list-disc text-xs text-red-300" data-testid="card-problems">
          {host.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
