import { HOST_STATE_LABELS } from '@/server/schemas/host-list';
import type { WallView } from '@/server/api/wall/wall-view';

function Tile({
  label,
  value,
  detail,
  tone = 'neutral',
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  tone?: 'ok' | 'warn' | 'bad' | 'neutral';
  testId: string;
}) {
  const tones = {
    ok: 'border-emerald-500 text-emerald-300',
    warn: 'border-amber-400 text-amber-300',
    bad: 'border-rose-500 text-rose-300',
    neutral: 'border-slate-600 text-slate-100',
  };
  return (
    <section className={`rounded-xl border-4 bg-black p-[1.2vw] ${tones[tone]}`} data-testid={testId}>
      <h2 className="text-[max(1rem,1.3vw)] font-semibold uppercase tracking-wide text-slate-300">{label}</h2>
      <p
        className="text-[max(2.5rem,4vw)] font-bold leading-tight tabular-nums"
        data-testid={`${testId}-value`}
      >
        {value}
      </p>
      {detail && <p className="text-[max(1rem,1.2vw)] text-slate-200">{detail}</p>}
    </section>
  );
}

/** Racks with problems named on the wall's rack tile; the rest are one look at /racks away. */
const RACKS_NAMED = 6;

/** The big numbers: hosts, tenant clusters, unleased hardware and each service's readiness. */
export function WallTiles({ view }: { view: WallView }) {
  const errors = view.hosts.byState.find((entry) => entry.state === 'error')?.count ?? 0;
  return (
    <div className="grid grid-cols-2 gap-[1vw] md:grid-cols-3 xl:grid-cols-4">
      <Tile
        testId="tile-hosts"
        label="Hosts"
        value={String(view.hosts.total)}
        detail={view.hosts.byState
          .map((entry) => `${HOST_STATE_LABELS[entry.state]} ${entry.count}`)
          .join(' · ')}
        tone={errors > 0 ? 'bad' : 'neutral'}
      />
      <Tile
        testId="tile-free"
        label="Free / claimed"
        value={`${view.hosts.free} / ${view.hosts.claimed}`}
        tone={view.hosts.free === 0 ? 'warn' : 'ok'}
      />
      <Tile
        testId="tile-clusters"
        label="Tenant clusters ready"
        value={`${view.clusters.ready} / ${view.clusters.total}`}
        detail={view.clusters.degraded > 0 ? `${view.clusters.degraded} not ready` : 'all ready'}
        tone={view.clusters.degraded > 0 ? 'warn' : 'ok'}
      />
      {view.unleased !== undefined && (
        <Tile
          testId="tile-unleased"
          label="Unleased hardware waiting"
          value={String(view.unleased)}
          tone={view.unleased > 0 ? 'warn' : 'neutral'}
        />
      )}
      {view.racks && view.racks.total > 0 && (
        <Tile
          testId="tile-racks"
          label="Racks with problems"
          value={`${view.racks.problems.length} / ${view.racks.total}`}
          detail={
            view.racks.problems.length === 0
              ? 'every rack healthy'
              : view.racks.problems
                  .slice(0, RACKS_NAMED)
                  .map((rack) => `${rack.name} (${rack.problems})`)
                  .join(' · ') + (view.racks.problems.length > RACKS_NAMED ? ' · …' : '')
          }
          tone={view.racks.problems.length > 0 ? 'bad' : 'ok'}
        />
      )}
      {view.services
        .filter((service) => service.total > 0)
        .map((service) => (
          <Tile
            key={service.label}
            testId={`tile-service-${service.label.toLowerCase().replace(/\s+/g, '-')}`}
            label={`${service.label} ready`}
            value={`${service.ready} / ${service.total}`}
            detail={service.detail}
            tone={service.ready === service.total ? 'ok' : 'bad'}
          />
        ))}
    </div>
  );
}
