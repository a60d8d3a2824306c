'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import type { LiveMessage } from '@/server/api/live-view';
import type { PlacementDetailMessage } from '@/server/api/placement/placement-router';
import { canAct, useViewer } from '../access/use-viewer';
import { ReadyBanner } from '../clusters/ready-badge';
import { useTRPC } from '../trpc/trpc';
import { DeleteObjectButton } from '../ui/delete-object-button';
import { DetailHeader, EventsBody, LiveDetail } from '../ui/detail-page';
import { timeText } from '../ui/format';
import { OwnedObjects } from '../ui/owned-objects';
import { Fields, Panel } from '../ui/panel';
import { useLiveObject } from '../ui/use-stable-table';
import { useNow } from '../ui/use-now';
import { PlacementChecklist } from './placement-checklist';

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
  const remove = useMutation(trpc.placement.delete.mutationOptions());
  return (
    <DeleteObjectButton
      testId="delete-placement"
      title={`Delete PlacementAPI ${name}?`}
      actionLabel="Delete PlacementAPI"
      name={name}
      remove={async () => {
        await remove.mutateAsync({ namespace, name });
        onDeleted();
      }}
    >
      <p>
        This deletes the PlacementAPI{' '}
        <span className="font-mono">
          {namespace}/{name}
        </span>
        , its Deployment, Services, Jobs and configuration Secrets; its MariaDB database and Keystone entries
        are released.
      </p>
    </DeleteObjectButton>
  );
}

const mono = (text: string) => <span className="break-all font-mono text-xs">{text}</span>;

export function PlacementDetailPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const ref = { namespace, name };
  const live = useLiveObject<PlacementDetailMessage>();
  const [deleteRequested, setDeleteRequested] = useState(false);
  const now = useNow(5_000);
  const subscription = useSubscription(
    trpc.placement.detail.subscriptionOptions(ref, {
      onData: (message: LiveMessage<PlacementDetailMessage>) => {
        live.receive(message);
      },
    }),
  );
  const message = live.view;
  const placement = message?.found ? message.placement : undefined;
  const version = placement ? placement.row.resourceVersion : message ? 'gone' : undefined;
  useEffect(() => {
    if (version === undefined) return;
    void queryClient.invalidateQueries({ queryKey: trpc.placement.events.queryKey({ namespace, name }) });
  }, [version, namespace, name, queryClient, trpc]);
  const events = useQuery(trpc.placement.events.queryOptions(ref, { enabled: Boolean(placement) }));

  return (
    <section className="space-y-4">
      <DetailHeader
        listHref="/placement"
        listLabel="Placement"
        kind="PlacementAPI"
        namespace={namespace}
        name={name}
        titleTestId="placement-title"
        receivedAt={live.receivedAt}
        actions={
          placement &&
          !placement.row.deleting &&
          canAct(viewer, 'operator') && (
            <DeleteButton namespace={namespace} name={name} onDeleted={() => setDeleteRequested(true)} />
          )
        }
      />
      <LiveDetail
        subscription={subscription}
        received={message !== undefined}
        item={placement}
        loading="Loading PlacementAPI…"
        notFound={
          <>
            {deleteRequested
              ? `PlacementAPI ${namespace}/${name} has been deleted.`
              : `No PlacementAPI ${namespace}/${name}. It may have been deleted; this page shows it if it is created.`}{' '}
            <Link href="/placement" className="underline">
              Back to Placement
            </Link>
          </>
        }
      >
        {(placement) => (
          <>
            <ReadyBanner
              row={placement.row}
              deletingText="Deletion requested: the controller is releasing the database and Keystone entries."
              outdatedText=" · written for an older generation of the spec"
            />
            <Panel title="Progress" testId="placement-progress">
              <PlacementChecklist items={placement.checklist} now={now} />
            </Panel>
            <div className="grid gap-4 lg:grid-cols-2">
              <Panel title="Summary">
                <Fields
                  items={[
                    [
                      'Replicas',
                      <span data-testid="ready-count">{`${placement.row.replicas.ready}/${placement.row.replicas.desired} ready`}</span>,
                    ],
                    ['Internal endpoint', mono(placement.row.endpoints.internal ?? '—')],
                    ['Public endpoint', mono(placement.row.endpoints.public ?? '—')],
                    [
                      'Database',
                      `${placement.spec.databaseInstance} (account ${placement.spec.databaseAccount ?? 'placement'})`,
                    ],
                    ['Database host', placement.databaseHostname ?? '—'],
                    [
                      'Password Secret',
                      mono(
                        `${placement.spec.secret} / ${placement.spec.passwordSelector ?? 'PlacementPassword'}`,
                      ),
                    ],
                    ['TLS', placement.spec.tls.length > 0 ? placement.spec.tls.join(', ') : 'none'],
                    ['Network attachments', placement.spec.networkAttachments.join(', ') || 'none'],
                    [
                      'Node selector',
                      Object.entries(placement.spec.nodeSelector)
                        .map(([k, v]) => `${k}=${v}`)
                        .join(', ') || 'none',
                    ],
                    [
                      'Generation',
                      `${placement.generation ?? '—'} (observed ${placement.observedGeneration ?? '—'})`,
                    ],
                    [
                      'Finalizers',
                      placement.finalizers.length > 0 ? mono(placement.finalizers.join(', ')) : 'none',
                    ],
                  ]}
                />
              </Panel>
              <Panel title="Inputs">
                <Fields
                  items={[
                    [
                      'Input hash',
                      <span data-testid="input-hash">{mono(placement.inputHash ?? 'not computed yet')}</span>,
                    ],
                    ['Last rolled', placement.lastRolled ? timeText(placement.lastRolled) : '—'],
                    ['db-sync hash', mono(placement.dbSyncHash ?? 'not run yet')],
                    [
                      'Configuration Secrets',
                      placement.secrets.length > 0 ? mono(placement.secrets.join(', ')) : 'none yet',
                    ],
                    [
                      'Jobs',
                      placement.jobs
                        .map((job) => `${job.name}${job.succeeded ? ' (done)' : ''}`)
                        .join(', ') || 'none',
                    ],
                    [
                      'Pod network IPs',
                      Object.entries(placement.networkAttachments)
                        .map(([nad, ips]) => `${nad}: ${ips.join(' ') || '—'}`)
                        .join('; ') || '—',
                    ],
                  ]}
                />
              </Panel>
            </div>
            <Panel title="Objects it created" testId="placement-objects">
              <OwnedObjects
                owned={placement.owned}
                emptyText="No Deployment or Service for this PlacementAPI yet."
              />
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
