'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { metadataFields } from '../ui/metadata-fields';
import { objectHref } from '../ui/object-href';
import { ObjectDetailFrame } from '../ui/object-detail-frame';
import { Fields, Panel } from '../ui/panel';
import { useObjectDetail } from '../ui/use-object-detail';
import { Endpoints, RoleCounts } from './cluster-cells';
import { HostsPanel, RolesPanel, ServicesPanel } from './cluster-panels';
import { ClusterSchedulePanel } from './cluster-schedule-panel';

export function ClusterDetailPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ref = { namespace, name };
  const detail = useObjectDetail(trpc.clusters, ref, {
    pick: (message) => (message.found ? message.cluster : undefined),
    // The cluster or its hosts changed: its events and (when not cached) its services may have too.
    version: (cluster) =>
      `${cluster.row.resourceVersion}/${cluster.hosts.map((host) => host.resourceVersion).join(',')}`,
    refresh: () => {
      void queryClient.invalidateQueries({ queryKey: trpc.clusters.services.queryKey(ref) });
    },
  });
  const cachedOwned = detail.message?.found ? detail.message.owned : undefined;
  const services = useQuery(
    trpc.clusters.services.queryOptions(ref, {
      enabled: Boolean(detail.item) && !cachedOwned,
      refetchInterval: 30_000,
    }),
  );

  return (
    <ObjectDetailFrame
      path="/clusters"
      listLabel="Clusters"
      backText="Back to clusters"
      kind="SIPCluster"
      titleTestId="cluster-title"
      detail={detail}
      loading="Loading cluster…"
      edit={{ href: `${objectHref('/clusters', { namespace, name })}/edit`, testId: 'edit-cluster' }}
      deletion={{
        testId: 'delete-cluster',
        title: `Delete tenant cluster ${name}?`,
        text: (
          <>
            <p>
              This deletes the SIPCluster{' '}
              <span className="font-mono">
                {namespace}/{name}
              </span>
              . The controller then removes the SIP labels from its hosts, which become free for other
              clusters, and its load balancers and jump host go with it.
            </p>
            <p className="text-amber-200">Workloads running on those hosts lose their support services.</p>
          </>
        ),
      }}
      banner={{
        deletingText: 'Deletion requested: the controller is releasing the hosts.',
        outdatedText: ' · written for an older generation of the spec; the controller is catching up',
      }}
      conditions={(cluster) => cluster.conditions}
    >
      {(cluster) => (
        <>
          <div className="grid gap-4 lg:grid-cols-3">
            <Panel title="Summary">
              <Fields
                items={[
                  ['Hosts', <RoleCounts key="roles" roles={cluster.row.roles} />],
                  ['Endpoints', <Endpoints key="endpoints" endpoints={cluster.row.endpoints} />],
                  ...metadataFields({ ...cluster, createdAt: cluster.row.createdAt }),
                ]}
              />
            </Panel>
            <div className="lg:col-span-2">
              <RolesPanel cluster={cluster} />
            </div>
          </div>
          <ClusterSchedulePanel
            namespace={namespace}
            name={name}
            unschedulable={cluster.conditions.some(
              (condition) => condition.type === 'Ready' && condition.reason === 'Unschedulable',
            )}
          />
          <HostsPanel cluster={cluster} />
          <ServicesPanel
            cluster={cluster}
            owned={cachedOwned ?? services.data}
            error={!cachedOwned && services.isError ? errorText(services.error) : undefined}
          />
        </>
      )}
    </ObjectDetailFrame>
  );
}
