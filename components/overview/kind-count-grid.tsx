import type { KindCount } from '@/server/api/overview/overview-view';

export function KindCountGrid({ kinds }: { kinds: KindCount[] }) {
  const groups = new Map<string, KindCount[]>();
  for (const kind of kinds) groups.set(kind.group, [...(groups.get(kind.group) ?? []), kind]);
  return (
    <div className="mt-3 space-y-3">
      {[...groups].map(([group, members]) => (
        <div key={group}>
          <h2 className="mb-1 font-mono text-xs text-slate-400">{group}</h2>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-8">
            {members.map((kind) => (
              <li
                key={kind.kind}
                className="rounded border border-slate-800 bg-slate-900 px-2 py-1"
                data-testid={`count-${kind.kind}`}
              >
                <div className="truncate text-xs text-slate-300">{kind.kind}</div>
                <div className="text-sm font-semibold tabular-nums" data-testid={`count-${kind.kind}-value`}>
                  {kind.count}
                </div>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
