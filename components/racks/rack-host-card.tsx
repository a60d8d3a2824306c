'use client';

import type { RackHostView } from '@/server/api/racks/rack-view';
import { FreeCell, HostStatusCell } from '../hosts/host-status';
import { ageText, timeText } from '../ui/format';
import { useNow } from '../ui/use-now';
import { rackTitle } from './rack-elevation';

export interface CardAnchor {
  host: RackHostView;
  rack: string;
  /** The box's place on screen when it was hovered or focused. */
  rect: { left: number; top: number; bottom: number };
}

/** The hovered or focused box's details, beside it: name, state, cluster, BMC, last change. */
export function RackHostCard({ anchor }: { anchor: CardAnchor }) {
  const now = useNow(5_000);
  const { host, rect } = anchor;
  const { row } = host;
  const below = rect.bottom + 180 < window.innerHeight;
  const place =
    host.slot === undefined
      ? 'unplaced'
      : `U${host.slot}${host.height > 1 ? `–U${host.slot + host.height - 1}` : ''}`;
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
        {row.name} <span className="font-normal text-slate-400">· {row.namespace}</span>
      </p>
      <div className="mt-1">
        <HostStatusCell status={row.status} deleting={row.deleting} />
      </div>
      <dl className="mt-2 grid grid-cols-[5.5rem_1fr] gap-x-2 gap-y-0.5 text-xs">
        <dt className="text-slate-400">Place</dt>
        <dd>
          {rackTitle(anchor.rack)} · {place}
        </dd>
        <dt className="text-slate-400">Cluster</dt>
        <dd data-testid="card-cluster">
          {row.tenant ? (
            `${row.tenant.namespace}/${row.tenant.name}${row.role ? ` (${row.role})` : ''}`
          ) : (
            <FreeCell notFree={row.notFree} />
          )}
        </dd>
        <dt className="text-slate-400">BMC</dt>
        <dd className="truncate font-mono" data-testid="card-bmc">
          {row.bmc?.address ?? '—'}
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
