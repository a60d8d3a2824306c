import { ConsoleLink } from '../console-link';
import type { OwnedServicesView } from '@/server/api/owned-workloads';
import type { ClusterDetailView } from '@/server/api/clusters/cluster-detail';
import { HostStatusCell } from '../hosts/host-status';
import { hostHref } from '../hosts/host-menu-items';
import { OwnedObjects } from '../ui/owned-objects';
import { Empty, Panel } from '../ui/panel';

const th = 'px-2 py-1.5 text-left text-[11px] font-semibold uppercase tracking-wide text-slate-400';
const td = 'px-2 py-1.5 align-top';

export function RolesPanel({ cluster }: { cluster: ClusterDetailView }) {
  return (
    <Panel title="Hosts per role">
      <table className="w-full text-sm" data-testid="node-sets">
        <thead className="border-b border-slate-800">
          <tr>
            <th className={th}>Role</th>
            <th className={`${th} text-right`}>Active</th>
            <th className={`${th} text-right`}>Standby</th>
            <th className={`${th} text-right`}>Labelled</th>
            <th className={th}>Selector</th>
            <th className={th}>One host per</th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {cluster.nodeSets.map((nodeSet) => {
            const found = cluster.row.roles.find((role) => role.role === nodeSet.role)?.found ?? 0;
            const wanted = nodeSet.active + nodeSet.standby;
            return (
              <tr key={nodeSet.role} className="border-b border-slate-800/60">
                <td className={`${td} font-medium`}>{nodeSet.role}</td>
                <td className={`${td} text-right`}>{nodeSet.active}</td>
                <td className={`${td} text-right`}>{nodeSet.standby}</td>
                <td className={`${td} text-right ${found < wanted ? 'text-amber-300' : 'text-emerald-300'}`}>
                  {found}/{wanted}
                </td>
                <td className={`${td} font-mono text-xs`}>
                  {nodeSet.selector || <span className="text-slate-400">every host</span>}
                </td>
                <td className={`${td} font-mono text-xs`}>
                  {nodeSet.topologyKey ?? <span className="font-sans text-slate-400">no anti-affinity</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Panel>
  );
}

export function HostsPanel({ cluster }: { cluster: ClusterDetailView }) {
  return (
    <Panel
      title={`Hosts labelled for this cluster (${cluster.hosts.length})`}
      testId="cluster-hosts"
      actions={
        <ConsoleLink
          href={`/firmware?tenant=${encodeURIComponent(`${cluster.row.namespace}/${cluster.row.name}`)}`}
          className="text-sm text-sky-300 hover:underline"
          data-testid="cluster-firmware-link"
        >
          Firmware of these hosts
        </ConsoleLink>
      }
    >
      {cluster.hosts.length === 0 ? (
        <Empty>No host carries this cluster&apos;s SIP labels yet.</Empty>
      ) : (
        <table className="w-full text-sm">
          <thead className="border-b border-slate-800">
            <tr>
              <th className={th}>Host</th>
              <th className={th}>Role</th>
              <th className={th}>Status</th>
              <th className={th}>Rack</th>
              <th className={th}>Flavor</th>
              <th className={th}>BMC</th>
              <th className={th}>Boot MAC</th>
            </tr>
          </thead>
          <tbody>
            {cluster.hosts.map((host) => (
              <tr key={host.key} className="border-b border-slate-800/60" data-testid="cluster-host">
                <td className={td}>
                  <ConsoleLink href={hostHref(host)} className="font-medium text-sky-300 hover:underline">
                    {host.name}
                  </ConsoleLink>
                  <div className="text-xs text-slate-400">{host.namespace}</div>
                </td>
                <td className={td}>{host.role}</td>
                <td className={td}>
                  <HostStatusCell status={host.status} deleting={host.deleting} />
                </td>
                <td className={`${td} font-mono text-xs`}>{host.rack ?? '—'}</td>
                <td className={td}>{host.flavor ?? '—'}</td>
                <td className={`${td} font-mono text-xs`}>{host.bmc?.host ?? '—'}</td>
                <td className={`${td} font-mono text-xs`}>
                  {host.bootMac ?? '—'}
                  <div className="font-sans text-slate-400">{host.bootMacVendor}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

/** The services the SIPCluster asks for, then the Deployments and Services made for them. */
export function ServicesPanel({
  cluster,
  owned,
  error,
}: {
  cluster: ClusterDetailView;
  owned: OwnedServicesView | undefined;
  error: string | undefined;
}) {
  return (
    <Panel title="Services">
      <table className="mb-4 w-full text-sm" data-testid="service-specs">
        <thead className="border-b border-slate-800">
          <tr>
            <th className={th}>Service</th>
            <th className={th}>Ports</th>
            <th className={th}>Image</th>
            <th className={th}>Interface</th>
            <th className={th}>Notes</th>
          </tr>
        </thead>
        <tbody>
          {cluster.services.map((service, index) => (
            <tr key={index} className="border-b border-slate-800/60">
              <td className={td}>{service.kind}</td>
              <td className={`${td} font-mono text-xs tabular-nums`}>{service.ports}</td>
              <td className={`${td} font-mono text-xs`}>{service.image}</td>
              <td className={`${td} font-mono text-xs`}>{service.nodeInterfaceId ?? '—'}</td>
              <td className={`${td} text-xs text-slate-400`}>
                {service.privateKeySecret
                  ? `private keys: Secret ${service.privateKeySecret}; ${service.authorizedKeys ?? 0} authorized keys`
                  : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <OwnedObjects
        emptyText="No Deployments or Services labelled rackpilot.io/sip-cluster for this cluster yet."
        owned={owned}
        error={error}
      />
    </Panel>
  );
}
