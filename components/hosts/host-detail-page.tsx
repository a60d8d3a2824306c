'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { ConsoleLink } from '../console-link';
import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import type { HostDetailMessage } from '@/server/api/hosts/detail.handler';
import type { HostDetailView } from '@/server/api/hosts/host-detail';
import type { LiveMessage } from '@/server/types/live-message';
import { useTRPC } from '../trpc/trpc';
import { DetailHeader, EventsBody, LiveDetail } from '../ui/detail-page';
import { YamlBlock } from '../ui/detail-tables';
import { errorText } from '../ui/errors';
import { timeText } from '../ui/format';
import { Empty, ErrorBox, Fields, Panel } from '../ui/panel';
import { Tabs } from '../ui/tabs';
import { useLiveObject } from '../ui/use-stable-table';
import { writeSearch } from '../ui/url-state';
import { FreeCell, HostStatusCell } from './host-status';
import { Hardware } from './host-hardware';
import { HostActionsMenu } from './host-actions-menu';
import { HostHistory } from './host-history';

const TABS = ['overview', 'hardware', 'history', 'events', 'yaml'] as const;
type Tab = (typeof TABS)[number];

const mono = (value: string | undefined) =>
  value ? <span className="font-mono text-[13px]">{value}</span> : undefined;

function Overview({ host }: { host: HostDetailView }) {
  const { row, spec } = host;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title="Status">
        <Fields
          items={[
            ['Provisioning state', row.status.state || 'none written yet'],
            ['Operational status', row.status.operational || '—'],
            [
              'Error',
              row.status.errorType ? (
                <span className="text-red-300">
                  {row.status.errorType}
                  {row.status.errorMessage ? `: ${row.status.errorMessage}` : ''}
                </span>
              ) : (
                'none'
              ),
            ],
            ['Error count', <span className="tabular-nums">{row.status.errorCount}</span>],
            [
              'Power',
              `${row.status.power === 'unknown' ? 'unknown' : row.status.power === 'on' ? 'on' : 'off'} (desired: ${spec.online ? 'on' : 'off'})`,
            ],
            ['Ironic node', mono(host.provisioningId)],
            ['Last updated', timeText(host.lastUpdated)],
          ]}
        />
      </Panel>
      <Panel title="Placement">
        <Fields
          items={[
            [
              'Tenant cluster',
              row.tenant ? (
                <ConsoleLink
                  className="text-sky-300 hover:underline"
                  href={`/clusters/${encodeURIComponent(row.tenant.namespace)}/${encodeURIComponent(row.tenant.name)}`}
                >
                  {row.tenant.namespace}/{row.tenant.name}
                </ConsoleLink>
              ) : (
                'none'
              ),
            ],
            ['Free', <FreeCell notFree={row.notFree} />],
            ['Role', row.role],
            ['Rack', row.rack],
            ['Flavor', row.flavor],
            ['Consumer', spec.consumer],
            ['Description', spec.description],
          ]}
        />
      </Panel>
      <Panel title="BMC and boot">
        <Fields
          items={[
            ['BMC address', mono(spec.bmcAddress)],
            ['BMC driver', row.bmc?.driver],
            [
              'Credentials',
              spec.bmcCredentialsName ? (
                <span>
                  Secret <span className="font-mono">{spec.bmcCredentialsName}</span>{' '}
                  <span className="text-xs text-slate-400">(reference only)</span>
                </span>
              ) : undefined,
            ],
            [
              'Verify TLS',
              spec.bmcAddress ? (spec.disableCertificateVerification ? 'no' : 'yes') : undefined,
            ],
            [
              'Boot MAC',
              row.bootMac ? (
                <span>
                  <span className="font-mono">{row.bootMac}</span>
                  <span className="ml-2 text-xs text-slate-400">{row.bootMacVendor ?? 'unknown vendor'}</span>
                </span>
              ) : undefined,
            ],
            ['Boot mode', spec.bootMode],
            ['Image', mono(spec.image ?? spec.customDeploy)],
            ['Network data', spec.networkData ? `Secret ${spec.networkData}` : undefined],
            ['User data', spec.userData ? `Secret ${spec.userData}` : undefined],
            ['Externally provisioned', spec.externallyProvisioned ? 'yes' : 'no'],
            [
              'Firmware',
              <ConsoleLink
                className="text-sky-300 hover:underline"
                data-testid="host-firmware-link"
                href={`/hosts/${encodeURIComponent(row.namespace)}/${encodeURIComponent(row.name)}/firmware`}
              >
                Firmware settings
              </ConsoleLink>,
            ],
            [
              'RAID',
              <ConsoleLink
                className="text-sky-300 hover:underline"
                data-testid="host-raid-link"
                href={`/hosts/${encodeURIComponent(row.namespace)}/${encodeURIComponent(row.name)}/raid`}
              >
                RAID layout
              </ConsoleLink>,
            ],
            [
              'Inspection',
              <ConsoleLink
                className="text-sky-300 hover:underline"
                data-testid="host-inspection-link"
                href={`/hosts/${encodeURIComponent(row.namespace)}/${encodeURIComponent(row.name)}/inspection`}
              >
                Inspection history and changes
              </ConsoleLink>,
            ],
          ]}
        />
      </Panel>
      <Panel title={`Labels (${host.labels.length})`}>
        {host.labels.length === 0 ? (
          <Empty>No labels.</Empty>
        ) : (
          <ul className="flex flex-wrap gap-1.5" data-testid="labels">
            {host.labels.map((label) => (
              <li
                key={label.key}
                className="rounded bg-slate-800 px-1.5 py-0.5 font-mono text-xs text-slate-200"
              >
                {label.key}={label.value}
              </li>
            ))}
          </ul>
        )}
        {host.annotations.length > 0 && (
          <details className="mt-3 text-xs text-slate-400">
            <summary className="cursor-pointer">{host.annotations.length} annotations</summary>
            <ul className="mt-2 space-y-1 font-mono">
              {host.annotations.map((annotation) => (
                <li key={annotation.key} className="break-all">
                  <span className="text-slate-300">{annotation.key}</span>: {annotation.value}
                </li>
              ))}
            </ul>
          </details>
        )}
      </Panel>
    </div>
  );
}

export function HostDetailPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const searchParams = useSearchParams();
  const tabParam = searchParams.get('tab') as Tab | null;
  const tab: Tab = tabParam && TABS.includes(tabParam) ? tabParam : 'overview';
  const ref = { namespace, name };
  const live = useLiveObject<HostDetailMessage>();
  const subscription = useSubscription(
    trpc.hosts.detail.subscriptionOptions(ref, {
      onStarted: () => {
        // (Re)subscribed, e.g. after a reconnect: what was read on demand may have missed changes.
        void queryClient.invalidateQueries({
          queryKey: trpc.hosts.events.queryKey({ namespace, name }),
        });
        void queryClient.invalidateQueries({
          queryKey: trpc.hosts.yaml.queryKey({ namespace, name }),
        });
      },
      onData: (message: LiveMessage<HostDetailMessage>) => {
        live.receive(message);
      },
    }),
  );
  const version = live.view?.found ? live.view.host.row.resourceVersion : live.view ? 'gone' : undefined;
  useEffect(() => {
    if (version === undefined) return;
    // The object changed: events and YAML shown for it are refreshed (only those on screen refetch).
    const key = { namespace, name };
    void queryClient.invalidateQueries({ queryKey: trpc.hosts.events.queryKey(key) });
    void queryClient.invalidateQueries({ queryKey: trpc.hosts.yaml.queryKey(key) });
  }, [version, namespace, name, queryClient, trpc]);
  const events = useQuery(
    trpc.hosts.events.queryOptions(ref, { enabled: tab === 'events' || tab === 'history' }),
  );
  const yaml = useQuery(trpc.hosts.yaml.queryOptions(ref, { enabled: tab === 'yaml' }));
  const message = live.view;
  const host = message?.found ? message.host : undefined;

  return (
    <section className="space-y-4">
      <DetailHeader
        listHref="/hosts"
        listLabel="Hosts"
        kind="BareMetalHost"
        namespace={namespace}
        name={name}
        titleTestId="host-title"
        receivedAt={live.receivedAt}
        actions={host && <HostActionsMenu host={host} />}
        status={
          host && (
            <div className="rounded-md border border-slate-800 bg-slate-900 px-3 py-2">
              <HostStatusCell status={host.row.status} deleting={host.row.deleting} />
            </div>
          )
        }
      />
      <LiveDetail
        subscription={subscription}
        received={message !== undefined}
        item={host}
        loading="Loading host…"
        notFound={
          <>
            No BareMetalHost {namespace}/{name}. It may have been deleted; this page shows it again if it is
            created.
          </>
        }
      >
        {(host) => (
          <>
            <Tabs
              tabs={[
                { id: 'overview', label: 'Overview' },
                { id: 'hardware', label: 'Hardware' },
                { id: 'history', label: 'Conditions & history' },
                { id: 'events', label: 'Events' },
                { id: 'yaml', label: 'YAML' },
              ]}
              active={tab}
              onSelect={(next) => {
                writeSearch(next === 'overview' ? '' : `?tab=${next}`, 'replace');
              }}
            />
            {tab === 'overview' && <Overview host={host} />}
            {tab === 'hardware' && <Hardware hardware={host.hardware} />}
            {tab === 'history' && <HostHistory host={host} events={events} />}
            {tab === 'events' && (
              <Panel title="Events (events.k8s.io, regarding this host)">
                <EventsBody events={events} />
              </Panel>
            )}
            {tab === 'yaml' && (
              <Panel title="YAML (read-only; managedFields removed)">
                {yaml.isError ? (
                  <ErrorBox>{errorText(yaml.error)}</ErrorBox>
                ) : yaml.data ? (
                  <YamlBlock yaml={yaml.data.yaml} />
                ) : (
                  <Empty>{yaml.data === null ? 'The host no longer exists.' : 'Loading…'}</Empty>
                )}
              </Panel>
            )}
          </>
        )}
      </LiveDetail>
    </section>
  );
}
