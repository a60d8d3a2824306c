import type { SipRolePreview } from '@/server/controllers/sip-cluster/preview-sip-schedule';

/** Per role: hosts wanted, free hosts matching, those usable under anti-affinity, and the verdict. */
export function PreviewTable({ roles, pending }: { roles: SipRolePreview[] | undefined; pending: boolean }) {
  if (!roles) {
    return (
      <p className="text-sm text-slate-400">
        {pending ? 'Checking hosts…' : 'Fix the role fields to see a preview.'}
      </p>
    );
  }
  if (roles.length === 0) return <p className="text-sm text-slate-400">No role asks for hosts.</p>;
  const th = 'px-1.5 py-1 text-right font-semibold';
  return (
    // A recount in flight is said in words: dimming the figures failed axe's contrast check mid-fetch.
    <table className="w-full text-sm tabular-nums" data-testid="preview" aria-busy={pending}>
      <caption className="h-4 text-left text-xs text-slate-400">{pending ? 'Updating…' : ''}</caption>
      <thead className="border-b border-slate-800 text-[11px] uppercase tracking-wide text-slate-400">
        <tr>
          <th className="px-1.5 py-1 text-left font-semibold">Role</th>
          <th className={th} title="active + standby">
            Want
          </th>
          <th className={th} title="Unclaimed hosts matching the selector, free or not yet available">
            Match
          </th>
          <th className={th} title="Hosts usable under the anti-affinity rule (one per topology value)">
            Fit
          </th>
          <th className="px-1.5 py-1 text-left font-semibold">
            <span className="sr-only">Verdict</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {roles.map((role) => (
          <tr key={role.role} className="border-b border-slate-800/60" data-testid={`preview-${role.role}`}>
            <td className="px-1.5 py-1">{role.role}</td>
            <td className="px-1.5 py-1 text-right">{role.wanted}</td>
            <td className="px-1.5 py-1 text-right" data-testid={`preview-${role.role}-matching`}>
              {role.matching}
            </td>
            <td className="px-1.5 py-1 text-right" data-testid={`preview-${role.role}-schedulable`}>
              {role.schedulable}
            </td>
            <td className="px-1.5 py-1 text-right whitespace-nowrap">
              {role.shortfall > 0 ? (
                <span className="text-red-300" title="The cluster would stay Unschedulable">
                  ✖ short {role.shortfall}
                </span>
              ) : (
                <span className="text-emerald-300">● ok</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
