'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { canAct, useViewer } from '../access/use-viewer';
import { useTRPC } from '../trpc/trpc';
import { metadataFields } from '../ui/metadata-fields';
import { objectHref } from '../ui/object-href';
import { ObjectDetailFrame } from '../ui/object-detail-frame';
import { OwnedObjects } from '../ui/owned-objects';
import { ErrorBox, Fields, Panel } from '../ui/panel';
import { ReadyCell } from '../ui/ready-status';
import { useObjectDetail } from '../ui/use-object-detail';
import { DatabaseCell } from './database-cell';
import { LeftoversOption } from './leftovers-option';
import { versionText } from './version-text';
import { RevealCredentials } from './reveal-credentials';

export function IronicDetailPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const viewer = useViewer();
  const [alsoRemove, setAlsoRemove] = useState(false);
  const remove = useMutation(trpc.ironic.delete.mutationOptions());
  const detail = useObjectDetail(
    trpc.ironic,
    { namespace, name },
    {
      pick: (message) => (message.found ? message.ironic : undefined),
      version: (ironic) => ironic.row.resourceVersion,
    },
  );

  return (
    <ObjectDetailFrame
      path="/ironic"
      listLabel="Ironic"
      kind="Ironic"
      titleTestId="ironic-title"
      detail={detail}
      loading="Loading Ironic…"
      edit={{ href: `${objectHref('/ironic', { namespace, name })}/edit`, testId: 'edit-ironic' }}
      deletion={{
        testId: 'delete-ironic',
        text: (
          <>
            <p>
              This deletes the Ironic{' '}
              <span className="font-mono">
                {namespace}/{name}
              </span>
              , its Deployment and Service, and the API credentials the controller generated for it.
            </p>
            <p className="text-amber-200">Hosts being provisioned lose their Ironic.</p>
            {detail.item && (
              <LeftoversOption
                leftovers={detail.item.leftovers}
                checked={alsoRemove}
                onChange={setAlsoRemove}
              />
            )}
          </>
        ),
        remove: () => remove.mutateAsync({ namespace, name, alsoRemove }),
      }}
      banner={{
        deletingText: 'Deletion requested: the controller is removing what it created.',
        outdatedText: ' · written for an older generation of the spec',
      }}
      owned={{
        testId: 'ironic-objects',
        emptyText: 'No Deployment or Service for this Ironic yet.',
        of: (ironic) => ironic.owned,
      }}
      conditions={(ironic) => ironic.conditions}
    >
      {(ironic) => (
        <>
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
                    'API on its node',
                    ironic.nodeEndpoint ? (
                      <span className="font-mono text-xs" data-testid="endpoint">
                        {ironic.nodeEndpoint}
                      </span>
                    ) : (
                      'no node address in the spec'
                    ),
                  ],
                  [
                    'API in the cluster',
                    <span className="text-xs" data-testid="service-endpoint">
                      <span className="font-mono">{ironic.serviceEndpoint.url}</span>{' '}
                      <span className="text-slate-400">
                        (Service port {ironic.serviceEndpoint.port} → the API's port{' '}
                        {ironic.serviceEndpoint.targetPort})
                      </span>
                    </span>,
                  ],
                  [
                    'Version',
                    <span data-testid="ironic-version">
                      {versionText(ironic.version, ironic.installedVersion)}
                    </span>,
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
                  ...metadataFields({ ...ironic, createdAt: ironic.row.createdAt }),
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
        </>
      )}
    </ObjectDetailFrame>
  );
}
