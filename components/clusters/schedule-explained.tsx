import type { PreviewHostGroup, SipRolePreview } from '@/server/controllers/sip-cluster/preview-sip-schedule';
import { SearchInput } from '../ui/search-input';

/**
 * Per role, the hosts the scheduler would take and every other host grouped by its reason, as the
 * server sent them: whole counts, the first hosts of each group, filtered by the server-side search.
 */
export function ScheduleExplained({
  roles,
  search,
  onSearch,
}: {
  roles: SipRolePreview[] | undefined;
  search: string;
  onSearch: (search: string) => void;
}) {
  return (
    <div className="space-y-3" data-testid="schedule-explained">
      <SearchInput
        value={search}
        onChange={onSearch}
        placeholder="Filter hosts by name or reason"
        label="Filter the scheduling explanation"
        maxLength={100}
      />
      {roles?.map((role) => (
        <section key={role.role} data-testid={`schedule-${role.role}`} className="space-y-1">
          <h3 className="text-sm font-semibold text-slate-200">
            {role.role}{' '}
            <span className="font-normal text-slate-400">
              wants {role.wanted} · {role.rule}
            </span>
          </h3>
          <HostGroup group={role.take} testId={`schedule-${role.role}-take`} open />
          {role.excluded.map((group) => (
            <HostGroup key={group.reason} group={group} testId={`schedule-${role.role}-excluded`} />
          ))}
          {role.moreGroups.groups > 0 && (
            <p className="text-xs text-slate-400">
              {role.moreGroups.groups} more reasons hold {role.moreGroups.hosts} hosts; search to find them.
            </p>
          )}
        </section>
      ))}
    </div>
  );
}

function HostGroup({ group, testId, open }: { group: PreviewHostGroup; testId: string; open?: boolean }) {
  const hidden = group.matched - group.hosts.length;
  const counted = group.matched === group.count ? `${group.count}` : `${group.matched} of ${group.count}`;
  return (
    <details className="text-sm" data-testid={testId} data-reason={group.reason} open={open}>
      <summary className={`cursor-pointer ${group.step === 'take' ? 'text-emerald-300' : 'text-slate-300'}`}>
        {group.reason} <span className="tabular-nums text-slate-400">({counted})</span>
      </summary>
      <ul className="ml-4 font-mono text-xs">
        {group.hosts.map((host) => (
          <li
            key={`${host.namespace}/${host.name}`}
            data-testid="schedule-host"
            data-host={`${host.namespace}/${host.name}`}
          >
            {host.namespace}/{host.name}
            {host.detail && <span className="font-sans text-slate-400"> — {host.detail}</span>}
          </li>
        ))}
        {hidden > 0 && <li className="font-sans text-slate-400">and {hidden} more</li>}
      </ul>
    </details>
  );
}
