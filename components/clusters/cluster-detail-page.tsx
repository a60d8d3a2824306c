'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import type { LiveMessage } from '@/server/api/live-view';
import type { ClusterDetailView } from '@/server/api/tenant-clusters/cluster-detail';
import type { ClusterDetailMessage } from '@/server/api/tenant-clusters/tenant-clusters-router';
import { HostStatusCell } from '../hosts/host-status';
import { hostHref } from '../hosts/host-menu-items';
import { useTRPC } from '../trpc/trpc';
import { RequireRole } from '../access/require-role';
import { DeleteObjectButton } from '../ui/delete-object-button';
import { DetailHeader, EventsBody, LiveDetail } from '../ui/detail-page';
import { ConditionsTable } from '../ui/detail-tables';
import { errorText } from '../ui/errors';
import { timeText } from '../ui/format';
import { OwnedObjects } from '../ui/owned-objects';
import { Empty, Fields, Panel } from '../ui/panel';
import { useLiveObject } from '../ui/use-stable-table';
import { Endpoints, ReadyBanner, RoleCounts } from './ready-badge';

const th = 'px-2 py-1.5 text-left text-[11px] font-semibold uppercase tracking-wide text-slate-400';
const td = 'px-2 py-1.5 align-top';

function RolesPanel({ cluster }: { cluster: ClusterDetailView }) {
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

function HostsPanel({ cluster }: { cluster: ClusterDetailView }) {
  return (
    <Panel title={`Hosts labelled for this cluster (${cluster.hosts.length})`} testId="cluster-hosts">
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
                  <Link href={hostHref(host)} className="font-medium text-sky-300 hover:underline">
                    {host.name}
                  </Link>
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

function DeleteButton({
  namespace,
  name,
  onDeleted,
}: {
  namespace: string;
  name: string;
  onDeleted: () => void;
}) {
  const trpc = useTRPC();
  const remove = useMutation(trpc.tenantClusters.delete.mutationOptions());
  return (
    <DeleteObjectButton
      testId="delete-cluster"
      title={`Delete tenant cluster ${name}?`}
      actionLabel="Delete SIPCluster"
      name={name}
      remove={async () => {
        await remove.mutateAsync({ namespace, name });
        onDeleted();
      }}
    >
      <p>
        This deletes the SIPCluster{' '}
        <span className="font-mono">
          {namespace}/{name}
        </span>
        . The controller then removes the SIP labels from its hosts, which become free for other clusters, and
        its load balancers and jump host go with it.
      </p>
      <p className="text-amber-200">Workloads running on those hosts lose their support services.</p>
    </DeleteObjectButton>
  );
}

export function ClusterDetailPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ref = { namespace, name };
  const live = useLiveObject<ClusterDetailMessage>();
  const [deleteRequested, setDeleteRequested] = useState(false);
  const subscription = useSubscription(
    trpc.tenantClusters.detail.subscriptionOptions(ref, {
      onStarted: () => {
        // (Re)subscribed, e.g. after a reconnect: what was read on demand may have missed changes.
        void queryClient.invalidateQueries({
          queryKey: trpc.tenantClusters.events.queryKey({ namespace, name }),
        });
        void queryClient.invalidateQueries({
          queryKey: trpc.tenantClusters.services.queryKey({ namespace, name }),
        });
      },
      onData: (message: LiveMessage<ClusterDetailMessage>) => {
        live.receive(message);
      },
    }),
  );
  const version = live.view?.found
    ? `${live.view.cluster.row.resourceVersion}/${live.view.cluster.hosts.map((host) => host.resourceVersion).join(',')}`
    : live.view
      ? 'gone'
      : undefined;
  useEffect(() => {
    if (version === undefined) return;
    // The cluster or its hosts changed: refresh its events and (when not cached) its services.
    const key = { namespace, name };
    void queryClient.invalidateQueries({ queryKey: trpc.tenantClusters.events.queryKey(key) });
    void queryClient.invalidateQueries({ queryKey: trpc.tenantClusters.services.queryKey(key) });
  }, [version, namespace, name, queryClient, trpc]);
  const message = live.view;
  const cluster = message?.found ? message.cluster : undefined;
  const cachedOwned = message?.found ? message.owned : undefined;
  const events = useQuery(trpc.tenantClusters.events.queryOptions(ref, { enabled: Boolean(cluster) }));
  const services = useQuery(
    trpc.tenantClusters.services.queryOptions(ref, {
      enabled: Boolean(cluster) && !cachedOwned,
      refetchInterval: 30_000,
    }),
  );

  return (
    <section className="space-y-4">
      <DetailHeader
        listHref="/clusters"
        listLabel="Clusters"
        kind="SIPCluster"
        namespace={namespace}
        name={name}
        titleTestId="cluster-title"
        receivedAt={live.receivedAt}
        actions={
          cluster &&
          !cluster.row.deleting && (
            <RequireRole role="operator">
              <DeleteButton
                namespace={namespace}
                name={name}
                onDeleted={() => {
                  setDeleteRequested(true);
                }}
              />
            </RequireRole>
          )
        }
      />
      <LiveDetail
        subscription={subscription}
        received={message !== undefined}
        item={cluster}
        loading="Loading cluster…"
        notFound={
          <>
            {deleteRequested
              ? `SIPCluster ${namespace}/${name} has been deleted.`
              : `No SIPCluster ${namespace}/${name}. It may have been deleted; this page shows it if it is created.`}{' '}
            <Link href="/clusters" className="underline">
              Back to clusters
            </Link>
          </>
        }
      >
        {(cluster) => (
          <>
            <ReadyBanner
              row={cluster.row}
              deletingText="Deletion requested: the controller is releasing the hosts."
              outdatedText=" · written for an older generation of the spec; the controller is catching up"
            />
            <div className="grid gap-4 lg:grid-cols-3">
              <Panel title="Summary">
                <Fields
                  items={[
                    ['Hosts', <RoleCounts key="roles" roles={cluster.row.roles} />],
                    ['Endpoints', <Endpoints key="endpoints" endpoints={cluster.row.endpoints} />],
                    ['Created', timeText(cluster.row.createdAt)],
                    ['Generation', <span className="tabular-nums">{cluster.generation ?? '—'}</span>],
                    [
                      'Finalizers',
                      cluster.finalizers.length > 0 ? (
                        <span className="font-mono text-xs">{cluster.finalizers.join(', ')}</span>
                      ) : (
                        'none'
                      ),
                    ],
                  ]}
                />
              </Panel>
              <div className="lg:col-span-2">
                <RolesPanel cluster={cluster} />
              </div>
            </div>
            <HostsPanel cluster={cluster} />
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
                owned={cachedOwned ?? services.data}
                error={!cachedOwned && services.isError ? errorText(services.error) : undefined}
              />
            </Panel>
            <Panel title="Conditions">
              <ConditionsTable conditions={cluster.conditions} />
            </Panel>
            <Panel title="Events">
              <EventsBody events={events} />
            </Panel>
          </>
        )}
      </LiveDetail>
    </section>
  );
}
