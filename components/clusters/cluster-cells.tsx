import type { ClusterRoleView, EndpointsView } from '@/server/api/clusters/cluster-row';

/** "ControlPlane 1/2" per role: hosts labelled / active + standby wanted, amber when short. */
export function RoleCounts({ roles }: { roles: ClusterRoleView[] }) {
  if (roles.length === 0) return <span className="text-slate-400">no roles</span>;
  return (
    <div className="flex flex-col gap-0.5 text-xs leading-tight">
      {roles.map((role) => {
        const short = role.found < role.wanted;
        const over = role.found > role.wanted;
        return (
          <div key={role.role} className="flex gap-1.5 tabular-nums" data-testid={`role-${role.role}`}>
            <span className="w-20 text-slate-400">{role.role}</span>
            <span className={short ? 'text-amber-300' : over ? 'text-sky-300' : 'text-slate-100'}>
              {role.found}/{role.wanted}
            </span>
            <span className="text-slate-400">
              ({role.active}+{role.standby})
            </span>
          </div>
        );
      })}
    </div>
  );
}

export function Endpoints({ endpoints }: { endpoints: EndpointsView }) {
  const parts = [
    ...endpoints.controlPlane.map((port) => ['API', `:${port}`]),
    ...endpoints.worker.map((range) => ['workers', `${range.start}–${range.end}`]),
    ...endpoints.jumpHost.map((port) => ['ssh', `:${port}`]),
  ];
  if (parts.length === 0) return <span className="text-slate-400">none</span>;
  return (
    <div className="flex flex-col gap-0.5 font-mono text-xs leading-tight tabular-nums">
      {parts.map(([label, value], index) => (
        <div key={index}>
          <span className="inline-block w-14 font-sans text-slate-400">{label}</span>
          {value}
        </div>
      ))}
    </div>
  );
}
