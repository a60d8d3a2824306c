import type { KindCount } from '@/server/api/overview/overview-view';

export function KindCountGrid({ kinds }: { kinds: KindCount[] }) {
  const groups = new Map<string, KindCount[]>();
  for (const kind of kinds) groups.set(kind.group, [...(groups.get(kind.group) ?? []), kind]);
  return (
    <div className="space-y-4">
      {[...groups].map(([group, members]) => (
        <div key={group}>
          <h2 className="mb-2 font-mono text-xs text-slate-400">{group}</h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {members.map((kind) => (
              <li
                key={kind.kind}
                className="rounded-lg border border-slate-800 bg-slate-900 p-3"
                data-testid={`count-${kind.kind}`}
              >
                <div className="text-sm text-slate-300">{kind.kind}</div>
                <div className="text-2xl font-semibold tabular-nums" data-testid={`count-${kind.kind}-value`}>
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
