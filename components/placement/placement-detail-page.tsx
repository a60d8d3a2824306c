'use client';

import { useTRPC } from '../trpc/trpc';
import { timeText } from '../ui/format';
import { ObjectDetailFrame } from '../ui/object-detail-frame';
import { objectHref } from '../ui/object-href';
import { Fields, Panel } from '../ui/panel';
import { useNow } from '../ui/use-now';
import { useObjectDetail } from '../ui/use-object-detail';
import { PlacementChecklist } from './placement-checklist';

const mono = (text: string) => <span className="break-all font-mono text-xs">{text}</span>;

export function PlacementDetailPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const now = useNow(5_000);
  const detail = useObjectDetail(
    trpc.placement,
    { namespace, name },
    {
      pick: (message) => (message.found ? message.placement : undefined),
      version: (placement) => placement.row.resourceVersion,
    },
  );

  return (
    <ObjectDetailFrame
      path="/placement"
      listLabel="Placement"
      kind="PlacementAPI"
      titleTestId="placement-title"
      detail={detail}
      loading="Loading PlacementAPI…"
      edit={{ href: `${objectHref('/placement', { namespace, name })}/edit`, testId: 'edit-placement' }}
      deletion={{
        testId: 'delete-placement',
        text: (
          <p>
            This deletes the PlacementAPI{' '}
            <span className="font-mono">
              {namespace}/{name}
            </span>
            , its Deployment, Services, Jobs and configuration Secrets; its MariaDB database and Keystone
            entries are released.
          </p>
        ),
      }}
      banner={{
        deletingText: 'Deletion requested: the controller is releasing the database and Keystone entries.',
        outdatedText: ' · written for an older generation of the spec',
      }}
      owned={{
        testId: 'placement-objects',
        emptyText: 'No Deployment or Service for this PlacementAPI yet.',
        of: (placement) => placement.owned,
      }}
    >
      {(placement) => (
        <>
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
                    placement.jobs.map((job) => `${job.name}${job.succeeded ? ' (done)' : ''}`).join(', ') ||
                      'none',
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
        </>
      )}
    </ObjectDetailFrame>
  );
}
