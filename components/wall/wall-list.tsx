import type { WallItem } from '@/server/api/wall/wall-view';

/** "3 h 12 min", "4 min", "35 s": time in state, readable from across the room. */
export function durationText(since: string | undefined, now: number): string {
  if (!since) return '';
  const seconds = Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d`;
}

export function WallList({
  title,
  list,
  now,
  empty,
  testId,
}: {
  title: string;
  list: { items: WallItem[]; total: number };
  now: number;
  empty: string;
  testId: string;
}) {
  return (
    <section className="rounded-xl border-4 border-slate-700 bg-black p-[1.2vw]" data-testid={testId}>
      <h2 className="mb-[0.6vw] text-[max(1.1rem,1.5vw)] font-semibold uppercase tracking-wide text-slate-300">
        {title} <span className="tabular-nums text-slate-400">({list.total})</span>
      </h2>
      {list.items.length === 0 ? (
        <p className="text-[max(1rem,1.3vw)] text-slate-400">{empty}</p>
      ) : (
        <ul className="space-y-[0.4vw]">
          {list.items.map((item) => (
            <li
              key={`${item.kind}/${item.namespace}/${item.name}`}
              className="grid grid-cols-[1fr_auto] gap-x-4 text-[max(1rem,1.3vw)]"
            >
              <span className="truncate text-slate-50">
                <span className="text-slate-400">{item.kind}</span> {item.namespace}/{item.name}
              </span>
              <span className="tabular-nums text-slate-200">{durationText(item.since, now)}</span>
              <span className="col-span-2 truncate text-[max(0.9rem,1vw)] text-slate-300">{item.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
