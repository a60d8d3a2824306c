'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import type { IronicDetailMessage } from '@/server/api/ironic/ironic-router';
import type { LiveMessage } from '@/server/api/live-view';
import { canAct, useViewer } from '../access/use-viewer';
import { ReadyBanner, ReadyCell } from '../clusters/ready-badge';
import { useTRPC } from '../trpc/trpc';
import { DeleteObjectButton } from '../ui/delete-object-button';
import { DetailHeader, EventsBody, LiveDetail } from '../ui/detail-page';
import { ConditionsTable } from '../ui/detail-tables';
import { errorText } from '../ui/errors';
import { timeText } from '../ui/format';
import { OwnedObjects } from '../ui/owned-objects';
import { ErrorBox, Fields, Panel } from '../ui/panel';
import { useLiveObject } from '../ui/use-stable-table';
import { DatabaseCell } from './ironics-page';

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
  const remove = useMutation(trpc.ironic.delete.mutationOptions());
  return (
    <DeleteObjectButton
      testId="delete-ironic"
      title={`Delete Ironic ${name}?`}
      actionLabel="Delete Ironic"
      name={name}
      remove={async () => {
        await remove.mutateAsync({ namespace, name });
        onDeleted();
      }}
    >
      <p>
        This deletes the Ironic{' '}
        <span className="font-mono">
          {namespace}/{name}
        </span>
        , its Deployment and Service, and the API credentials the controller generated for it.
      </p>
      <p className="text-amber-200">
        Hosts being provisioned lose their Ironic. The IronicDatabase and TLS Secret stay.
      </p>
    </DeleteObjectButton>
  );
}

/** Admins only: the API credentials in clear text, fetched by an audited mutation, never cached. */
function RevealCredentials({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const reveal = useMutation(trpc.ironic.revealCredentials.mutationOptions());
  if (reveal.data) {
    return (
      <div className="space-y-1" data-testid="revealed-credentials">
        <Fields
          items={[
            ['Username', <span className="font-mono">{reveal.data.username}</span>],
            ['Password', <span className="select-all font-mono">{reveal.data.password}</span>],
          ]}
        />
        <button
          type="button"
          className="text-xs text-sky-300 hover:underline"
          onClick={() => {
            reveal.reset();
          }}
        >
          Hide
        </button>
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <button
        type="button"
        data-testid="reveal-credentials"
        disabled={reveal.isPending}
        onClick={() => {
          reveal.mutate({ namespace, name });
        }}
        className="rounded-md border border-slate-600 px-3 py-1 text-sm text-slate-200 hover:bg-slate-800 disabled:opacity-50"
      >
        Reveal credentials
      </button>
      <p className="text-xs text-slate-400">Each reveal is recorded in the audit log.</p>
      {reveal.isError && <ErrorBox>{errorText(reveal.error)}</ErrorBox>}
    </div>
  );
}

export function IronicDetailPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const ref = { namespace, name };
  const live = useLiveObject<IronicDetailMessage>();
  const [deleteRequested, setDeleteRequested] = useState(false);
  const subscription = useSubscription(
    trpc.ironic.detail.subscriptionOptions(ref, {
      onStarted: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.ironic.events.queryKey(ref) });
      },
      onData: (message: LiveMessage<IronicDetailMessage>) => {
        live.receive(message);
      },
    }),
  );
  const message = live.view;
  const ironic = message?.found ? message.ironic : undefined;
  const version = ironic ? ironic.row.resourceVersion : message ? 'gone' : undefined;
  useEffect(() => {
    if (version === undefined) return;
    void queryClient.invalidateQueries({ queryKey: trpc.ironic.events.queryKey({ namespace, name }) });
  }, [version, namespace, name, queryClient, trpc]);
  const events = useQuery(trpc.ironic.events.queryOptions(ref, { enabled: Boolean(ironic) }));

  return (
    <section className="space-y-4">
      <DetailHeader
        listHref="/ironic"
        listLabel="Ironic"
        kind="Ironic"
        namespace={namespace}
        name={name}
        titleTestId="ironic-title"
        receivedAt={live.receivedAt}
        actions={
          ironic &&
          !ironic.row.deleting &&
          canAct(viewer, 'operator') && (
            <DeleteButton
              namespace={namespace}
              name={name}
              onDeleted={() => {
                setDeleteRequested(true);
              }}
            />
          )
        }
      />
      <LiveDetail
        subscription={subscription}
        received={message !== undefined}
        item={ironic}
        loading="Loading Ironic…"
        notFound={
          <>
            {deleteRequested
              ? `Ironic ${namespace}/${name} has been deleted.`
              : `No Ironic ${namespace}/${name}. It may have been deleted; this page shows it if it is created.`}{' '}
            <Link href="/ironic" className="underline">
              Back to Ironic
            </Link>
          </>
        }
      >
        {(ironic) => (
          <>
            <ReadyBanner
              row={ironic.row}
              deletingText="Deletion requested: the controller is removing what it created."
              outdatedText=" · written for an older generation of the spec"
            />
            {!ironic.database && (
              <ErrorBox testId="sqlite-warning">
                This Ironic has no database: it runs on SQLite inside its pod, and all its state (enrolled
                nodes, provisioning progress) is lost whenever the pod restarts.
              </ErrorBox>
            )}
            <div className="grid gap-4 lg:grid-cols-2">
              <Panel title="Summary">
                <Fields
                  items={[
                    [
                      'Endpoint',
                      <span className="font-mono text-xs" data-testid="endpoint">
                        {ironic.row.endpoint}
                      </span>,
                    ],
                    [
                      'Version',
                      `${ironic.version}${ironic.installedVersion ? ` (installed ${ironic.installedVersion})` : ''}`,
                    ],
                    [
                      'TLS',
                      ironic.tlsSecret ? (
                        <span className="font-mono text-xs">Secret {ironic.tlsSecret}</span>
                      ) : (
                        'none (plain HTTP)'
                      ),
                    ],
                    ['Database', <DatabaseCell key="database" database={ironic.row.database} />],
                    ['DHCP range', ironic.row.dhcpRange ?? 'no DHCP'],
                    ['Created', timeText(ironic.row.createdAt)],
                    ['Generation', <span className="tabular-nums">{ironic.generation ?? '—'}</span>],
                    [
                      'Finalizers',
                      ironic.finalizers.length > 0 ? (
                        <span className="font-mono text-xs">{ironic.finalizers.join(', ')}</span>
                      ) : (
                        'none'
                      ),
                    ],
                  ]}
                />
              </Panel>
              <Panel title="API credentials">
                <div className="space-y-3">
                  <Fields
                    items={[
                      [
                        'Secret',
                        ironic.credentialsSecret ? (
                          <span className="font-mono text-xs" data-testid="credentials-secret">
                            {ironic.credentialsSecret}
                            {ironic.credentialsGenerated ? ' (generated)' : ''}
                          </span>
                        ) : (
                          'not generated yet'
                        ),
                      ],
                    ]}
                  />
                  {ironic.credentialsSecret && canAct(viewer, 'admin') && (
                    <RevealCredentials namespace={namespace} name={name} />
                  )}
                </div>
              </Panel>
              <Panel title="Networking">
                <Fields
                  items={[
                    ['Provisioning IP', ironic.networking.ipAddress ?? 'from the node'],
                    ['Interface', ironic.networking.interface ?? '—'],
                    ['External IP', ironic.networking.externalIP ?? '—'],
                    ['Network', ironic.networking.networkCIDR ?? '—'],
                    ['Gateway', ironic.networking.gateway ?? '—'],
                    ['DNS', ironic.networking.dns ?? '—'],
                    [
                      'Ramdisk SSH key',
                      ironic.ramdiskSSHKey ? (
                        <span className="break-all font-mono text-xs">{ironic.ramdiskSSHKey}</span>
                      ) : (
                        'none'
                      ),
                    ],
                  ]}
                />
              </Panel>
              {ironic.database && (
                <Panel title={`IronicDatabase ${ironic.database.name}`}>
                  <div className="space-y-3" data-testid="database">
                    <ReadyCell ready={ironic.database.ready} />
                    <Fields
                      items={[
                        ['Hosts', ironic.database.hosts.join(', ') || '—'],
                        ['External', ironic.database.externalIP ?? 'no (runs in this namespace)'],
                      ]}
                    />
                    {!ironic.database.externalIP && (
                      <OwnedObjects
                        owned={ironic.database.owned}
                        emptyText="No MariaDB Deployment or Service yet."
                      />
                    )}
                  </div>
                </Panel>
              )}
            </div>
            <Panel title="Objects it created" testId="ironic-objects">
              <OwnedObjects owned={ironic.owned} emptyText="No Deployment or Service for this Ironic yet." />
            </Panel>
            <Panel title="Conditions">
              <ConditionsTable conditions={ironic.conditions} />
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
