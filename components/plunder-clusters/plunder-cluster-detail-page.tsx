'use client';

import { useTRPC } from '../trpc/trpc';
import { timeText } from '../ui/format';
import { ObjectDetailFrame } from '../ui/object-detail-frame';
import { Fields, Panel } from '../ui/panel';
import { useObjectDetail } from '../ui/use-object-detail';
import { PlunderMachinesTable } from './plunder-machines-table';
import { RemovalText } from './removal-text';

export function PlunderClusterDetailPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const detail = useObjectDetail(
    trpc.plunderClusters,
    { namespace, name },
    {
      pick: (message) => (message.found ? message.cluster : undefined),
      version: (cluster) =>
        cluster.machines.map((m) => `${m.name}:${m.phase}`).join(',') + cluster.row.resourceVersion,
    },
  );
  const removal = detail.item?.removal ?? { machines: [], capiMachines: 0 };
  return (
    <ObjectDetailFrame
      path="/plunder-clusters"
      listLabel="Plunder clusters"
      kind="Plunder cluster"
      titleTestId="plunder-cluster-title"
      detail={detail}
      loading="Loading Plunder cluster…"
      deletion={{
        testId: 'delete-plunder-cluster',
        text: <RemovalText target={`${namespace}/${name}`} removal={removal} />,
      }}
      banner={{
        deletingText:
          'Deletion requested: its machines are being released; the cluster goes once they are gone.',
        outdatedText: '',
      }}
    >
      {(cluster) => (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            <Panel title="Address pool">
              <Fields
                items={[
                  [
                    'Subnet',
                    <span className="font-mono text-xs">
                      {cluster.pool.subnet ?? 'none: machines name their address'}
                    </span>,
                  ],
                  ['Gateway', cluster.pool.gateway ?? '—'],
                  [
                    'Pool',
                    cluster.pool.start && cluster.pool.end
                      ? `${cluster.pool.start}–${cluster.pool.end}`
                      : 'the subnet’s host addresses',
                  ],
                  ['Allocated', cluster.row.addresses.allocated ?? '—'],
                  ['Free', <span data-testid="free-addresses">{cluster.row.addresses.free ?? '—'}</span>],
                ]}
              />
            </Panel>
            <Panel title="Summary">
              <Fields
                items={[
                  [
                    'Machines',
                    `${cluster.row.machines.total} (${cluster.row.machines.provisioned} provisioned)`,
                  ],
                  ['Created', timeText(cluster.row.createdAt)],
                ]}
              />
            </Panel>
          </div>
          <Panel title="Machines" testId="plunder-cluster-machines-panel">
            <PlunderMachinesTable machines={cluster.machines} />
          </Panel>
        </>
      )}
    </ObjectDetailFrame>
  );
}
