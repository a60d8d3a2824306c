import type { CSSProperties } from 'react';
import type { RackSummary } from '@/server/api/racks/rack-view';
import type { WallView } from '@/server/api/wall/wall-view';
import { HOST_STATE_LABELS } from '@/server/schemas/host-list';
import { gridShape } from './wall-fit';
import { WallList } from './wall-list';
import { RackElevations } from './wall-rack-elevations';
import { StatBody, type WallTileSpec } from './wall-tile';

/** Racks drawn on the rack tile before the rest are counted as "+N more": each stays readable. */
const RACKS_DRAWN = 24;
/** A rack's chip: wider than tall, for its name and its count. */
const CHIP_ASPECT = 2.2;
/** The rack tile's body, roughly, as a share of the tile (cqw by cqh), for shaping its grid. */
const RACK_AREA = { width: 100, height: 62 };

/** Racks with problems, most first, as a grid of chips sized to fill the tile however many there are. */
function RackChips({ racks }: { racks: RackSummary }) {
  if (racks.problems.length === 0) {
    return (
      <p className="text-[min(16cqh,8cqw)] font-bold leading-tight">
        all {racks.total} rack{racks.total === 1 ? '' : 's'} healthy
      </p>
    );
  }
  const drawn = racks.problems.slice(0, RACKS_DRAWN);
  const more = racks.problems.length - drawn.length;
  const { columns, rows } = gridShape(
    drawn.length + (more > 0 ? 1 : 0),
    RACK_AREA.width,
    RACK_AREA.height,
    CHIP_ASPECT,
  );
  const grid: CSSProperties = {
    gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
    gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`,
    fontSize: `max(0.7rem, min(${(RACK_AREA.height * 0.4) / rows}cqh, ${40 / columns / CHIP_ASPECT}cqw))`,
  };
  return (
    <ul className="grid min-h-0 flex-1 gap-[1cqw] py-[1cqh]" style={grid} aria-label="Racks with problems">
      {drawn.map((rack) => (
        <li
          key={rack.name}
          className="flex min-w-0 items-center justify-between gap-[0.5em] rounded-md border-2 border-rose-500 bg-rose-950 px-[0.4em] font-semibold text-rose-100"
        >
          <span className="truncate">{rack.name}</span>
          <span className="tabular-nums">✖ {rack.problems}</span>
        </li>
      ))}
      {more > 0 && <li className="flex items-center px-[0.4em] text-slate-300">+ {more} more</li>}
    </ul>
  );
}

/** A service's count and each of its parts ready of total, those short of it marked. */
function PartsBody({
  testId,
  value,
  label,
  parts,
}: {
  testId: string;
  value: string;
  label: string;
  parts: NonNullable<WallView['services'][number]['parts']>;
}) {
  return (
    <>
      <p
        className="truncate text-[min(22cqh,11cqw)] font-bold leading-tight tabular-nums"
        data-testid={`${testId}-value`}
      >
        {value}
      </p>
      <ul
        className="flex flex-wrap gap-x-[1.2em] gap-y-[0.2em] text-[max(0.75rem,min(5.5cqh,3cqw))]"
        aria-label={`${label} parts`}
        data-testid={`${testId}-parts`}
      >
        {parts.map((part) => {
          const short = part.ready < part.total;
          return (
            <li
              key={part.label}
              className={`tabular-nums ${short ? 'font-semibold text-rose-200' : 'text-slate-200'}`}
              data-testid="tile-part"
              data-ready={!short}
            >
              {short ? '✖ ' : ''}
              {part.label} {part.ready}/{part.total}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** Every tile the wall has for `view`, in the order it shows and pages them. */
export function wallTileSpecs(view: WallView, now: number): WallTileSpec[] {
  const errors = view.hosts.byState.find((entry) => entry.state === 'error')?.count ?? 0;
  const stat = (
    testId: string,
    label: string,
    tone: WallTileSpec['tone'],
    value: string,
    detail?: string,
  ) => ({
    testId,
    label,
    tone,
    body: <StatBody testId={testId} value={value} detail={detail} />,
  });
  const tiles: WallTileSpec[] = [
    stat(
      'tile-hosts',
      'Hosts',
      errors > 0 ? 'bad' : 'neutral',
      String(view.hosts.total),
      view.hosts.byState.map((entry) => `${HOST_STATE_LABELS[entry.state]} ${entry.count}`).join(' · '),
    ),
    stat(
      'tile-free',
      'Free / claimed',
      view.hosts.free === 0 ? 'warn' : 'ok',
      `${view.hosts.free} / ${view.hosts.claimed}`,
    ),
    stat(
      'tile-clusters',
      'Tenant clusters ready',
      view.clusters.degraded > 0 ? 'warn' : 'ok',
      `${view.clusters.ready} / ${view.clusters.total}`,
      view.clusters.degraded > 0 ? `${view.clusters.degraded} not ready` : 'all ready',
    ),
  ];
  if (view.unleased !== undefined) {
    tiles.push(
      stat(
        'tile-unleased',
        'Unleased hardware waiting',
        view.unleased > 0 ? 'warn' : 'neutral',
        String(view.unleased),
      ),
    );
  }
  if (view.racks && view.racks.total > 0) {
    const { drawn, problems, total } = view.racks;
    tiles.push({
      testId: 'tile-racks',
      label: drawn
        ? `Racks · ${problems.length} of ${total} with problems`
        : `Racks with problems · ${problems.length} / ${total}`,
      tone: problems.length > 0 ? 'bad' : 'ok',
      body: drawn ? <RackElevations drawn={drawn} area={RACK_AREA} /> : <RackChips racks={view.racks} />,
    });
  }
  for (const service of view.services.filter((each) => each.total > 0)) {
    const testId = `tile-service-${service.label.toLowerCase().replace(/\s+/g, '-')}`;
    const value = `${service.ready} / ${service.total}`;
    tiles.push({
      testId,
      label: `${service.label} ready`,
      tone: service.ready === service.total ? 'ok' : 'bad',
      body: service.parts ? (
        <PartsBody testId={testId} value={value} label={service.label} parts={service.parts} />
      ) : (
        <StatBody testId={testId} value={value} />
      ),
    });
  }
  tiles.push(
    {
      testId: 'wall-in-progress',
      label: `In progress, longest first (${view.inProgress.total})`,
      tone: 'neutral',
      body: <WallList list={view.inProgress} now={now} empty="Nothing in progress." />,
    },
    {
      testId: 'wall-attention',
      label: `Needs attention (${view.attention.total})`,
      tone: view.attention.total > 0 ? 'bad' : 'neutral',
      body: <WallList list={view.attention} now={now} empty="Nothing needs attention." />,
    },
  );
  return tiles;
}
