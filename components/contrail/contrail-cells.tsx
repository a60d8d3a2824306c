'use client';

import { ConsoleLink } from '../console-link';
import { usePathname } from 'next/navigation';
import type { GroupRow } from '@/server/api/contrail/group-view';

/** The Contrail section's two lists; the current one is marked. */
export function ContrailTabs() {
  const pathname = usePathname();
  const links = [
    { href: '/contrail', label: 'Managers', active: !pathname.startsWith('/contrail/groups') },
    { href: '/contrail/groups', label: 'vRouter groups', active: pathname.startsWith('/contrail/groups') },
  ];
  return (
    <nav aria-label="Contrail" className="flex gap-1 border-b border-slate-800 text-sm">
      {links.map((link) => (
        <ConsoleLink
          key={link.href}
          href={link.href}
          aria-current={link.active ? 'page' : undefined}
          className={`-mb-px border-b-2 px-3 py-1.5 ${
            link.active ? 'border-sky-500 text-white' : 'border-transparent text-slate-300 hover:text-white'
          }`}
        >
          {link.label}
        </ConsoleLink>
      ))}
    </nav>
  );
}

/** A node selector as `key=value` pairs; an empty one selects every node. */
export function SelectorText({ selector }: { selector: Record<string, string> }) {
  const pairs = Object.entries(selector);
  if (pairs.length === 0) return <span className="text-slate-400">every node</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {pairs.map(([key, value]) => (
        <code key={key} className="rounded bg-slate-800 px-1 text-xs text-slate-200">
          {value === '' ? key : `${key}=${value}`}
        </code>
      ))}
    </span>
  );
}

/** Agents ready of those wanted, and how far a rollout of a new template has come. */
export function AgentCounts({ row }: { row: Pick<GroupRow, 'agents' | 'nodes'> }) {
  const { desired, ready, updated } = row.agents;
  return (
    <span className="flex flex-col text-xs leading-tight tabular-nums" data-testid="agent-counts">
      <span className="text-slate-200" data-testid="agents-ready">
        {ready}/{desired} ready
      </span>
      <span className={updated < desired ? 'text-amber-300' : 'text-slate-400'}>
        {updated < desired ? `updating ${updated}/${desired}` : `${row.nodes.matched} matched`}
      </span>
    </span>
  );
}

/** Conflicting nodes by name, with the other groups that select them. */
export function ConflictText({ conflicts }: { conflicts: GroupRow['conflicts'] }) {
  if (conflicts.length === 0) return <span className="text-slate-400">none</span>;
  return (
    <span className="block truncate text-xs text-rose-300" data-testid="group-conflicts">
      {conflicts.map((c) => `${c.node} (${c.groups.join(', ')})`).join('; ')}
    </span>
  );
}
