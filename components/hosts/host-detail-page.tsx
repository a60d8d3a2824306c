'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import type { HostDetailMessage } from '@/server/api/bare-metal-hosts/bare-metal-hosts-router';
import type { HardwareView, HostDetailView, OperationView } from '@/server/api/bare-metal-hosts/host-detail';
import type { LiveMessage } from '@/server/api/live-view';
import { useTRPC } from '../trpc/trpc';
import { DetailHeader, EventsBody, LiveDetail } from '../ui/detail-page';
import { ConditionsTable, YamlBlock } from '../ui/detail-tables';
import { errorText } from '../ui/errors';
import { bytesText, mebibytesText, timeText } from '../ui/format';
import { Empty, ErrorBox, Fields, Panel } from '../ui/panel';
import { Tabs } from '../ui/tabs';
import { Chip } from '../ui/tone';
import { useLiveObject } from '../ui/use-stable-table';
import { writeSearch } from '../ui/url-state';
import { HostStatusCell } from './host-status';

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
                <Link
                  className="text-sky-300 hover:underline"
                  href={`/clusters/${encodeURIComponent(row.tenant.namespace)}/${encodeURIComponent(row.tenant.name)}`}
                >
                  {row.tenant.namespace}/{row.tenant.name}
                </Link>
              ) : (
                <span className="text-emerald-300">free (no SIP cluster label)</span>
              ),
            ],
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
                  <span className="text-xs text-slate-500">(reference only)</span>
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

const th = 'px-2 py-1.5 text-left text-[11px] font-semibold uppercase tracking-wide text-slate-400';
const td = 'px-2 py-1.5';

function Hardware({ hardware }: { hardware: HardwareView | undefined }) {
  if (!hardware) return <Empty>No hardware details yet: the host has not been inspected.</Empty>;
  return (
    <div className="space-y-4">
      <Panel title="System">
        <Fields
          items={[
            ['Vendor', [hardware.manufacturer, hardware.productName].filter(Boolean).join(' ') || undefined],
            ['Serial number', mono(hardware.serialNumber)],
            ['BIOS', hardware.bios],
            ['Hostname', mono(hardware.hostname)],
            [
              'CPU',
              hardware.cpu
                ? `${hardware.cpu.count ?? '?'} × ${hardware.cpu.model ?? 'unknown model'}${hardware.cpu.clockMegahertz ? ` @ ${(hardware.cpu.clockMegahertz / 1000).toFixed(2)} GHz` : ''} (${hardware.cpu.arch ?? '?'})`
                : undefined,
            ],
            ['RAM', mebibytesText(hardware.ramMebibytes)],
          ]}
        />
      </Panel>
      <Panel title={`Network interfaces (${hardware.nics.length})`}>
        {hardware.nics.length === 0 ? (
          <Empty>No NICs reported.</Empty>
        ) : (
          <table className="w-full text-sm" data-testid="nics">
            <thead className="border-b border-slate-800">
              <tr>
                <th className={th}>Name</th>
                <th className={th}>MAC / vendor</th>
                <th className={th}>IP</th>
                <th className={`${th} text-right`}>Speed</th>
                <th className={th}>VLAN</th>
                <th className={th}>PXE</th>
                <th className={th}>Switch port</th>
                <th className={th}>Model / PCI</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {hardware.nics.map((nic, index) => (
                <tr key={`${nic.name ?? ''}-${index}`} className="border-b border-slate-800/60">
                  <td className={`${td} font-mono`}>{nic.name ?? '—'}</td>
                  <td className={td}>
                    <div className="font-mono">{nic.mac ?? '—'}</div>
                    <div className="text-xs text-slate-400">{nic.vendor ?? ''}</div>
                  </td>
                  <td className={`${td} font-mono`}>{nic.ip ?? '—'}</td>
                  <td className={`${td} text-right`}>{nic.speedGbps ? `${nic.speedGbps} Gb/s` : '—'}</td>
                  <td className={td}>{nic.vlanId ?? '—'}</td>
                  <td className={td}>{nic.pxe ? <Chip tone="ok">PXE</Chip> : '—'}</td>
                  <td className={`${td} text-xs`}>{nic.switchPort ?? '—'}</td>
                  <td className={`${td} text-xs text-slate-400`}>
                    {[nic.model, nic.pciAddress].filter(Boolean).join(' · ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
      <Panel title={`Disks (${hardware.disks.length})`}>
        {hardware.disks.length === 0 ? (
          <Empty>No disks reported.</Empty>
        ) : (
          <table className="w-full text-sm" data-testid="disks">
            <thead className="border-b border-slate-800">
              <tr>
                <th className={th}>Name</th>
                <th className={th}>Type</th>
                <th className={`${th} text-right`}>Size</th>
                <th className={th}>Vendor / model</th>
                <th className={th}>Serial</th>
                <th className={th}>WWN / HCTL</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {hardware.disks.map((disk, index) => (
                <tr key={`${disk.name ?? ''}-${index}`} className="border-b border-slate-800/60">
                  <td className={`${td} font-mono`}>{disk.name ?? '—'}</td>
                  <td className={td}>{disk.type ?? (disk.rotational ? 'HDD' : '—')}</td>
                  <td className={`${td} text-right`}>{bytesText(disk.sizeBytes)}</td>
                  <td className={td}>{[disk.vendor, disk.model].filter(Boolean).join(' ') || '—'}</td>
                  <td className={`${td} font-mono text-xs`}>{disk.serialNumber ?? '—'}</td>
                  <td className={`${td} font-mono text-xs text-slate-400`}>
                    {[disk.wwn, disk.hctl].filter(Boolean).join(' · ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
    </div>
  );
}

function duration(operation: OperationView): string {
  if (!operation.start) return '';
  if (!operation.end) return 'running';
  const seconds = Math.round((Date.parse(operation.end) - Date.parse(operation.start)) / 1000);
  return seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}

function History({ host }: { host: HostDetailView }) {
  return (
    <div className="space-y-4">
      <Panel title="Conditions">
        <ConditionsTable conditions={host.conditions} />
      </Panel>
      <Panel title="Operation history">
        {host.operations.length === 0 ? (
          <Empty>No operations recorded yet.</Empty>
        ) : (
          <table className="w-full text-sm" data-testid="operations">
            <thead className="border-b border-slate-800">
              <tr>
                <th className={th}>Operation</th>
                <th className={th}>Started</th>
                <th className={th}>Finished</th>
                <th className={`${th} text-right`}>Took</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {host.operations.map((operation) => (
                <tr key={operation.operation} className="border-b border-slate-800/60">
                  <td className={`${td} capitalize`}>{operation.operation}</td>
                  <td className={td}>{timeText(operation.start)}</td>
                  <td className={td}>
                    {operation.end ? timeText(operation.end) : <Chip tone="progress">in progress</Chip>}
                  </td>
                  <td className={`${td} text-right`}>{duration(operation)}</td>
                </tr>
              ))}
            </tbody>
          </table>
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
    trpc.bareMetalHosts.detail.subscriptionOptions(ref, {
      onStarted: () => {
        // (Re)subscribed, e.g. after a reconnect: what was read on demand may have missed changes.
        void queryClient.invalidateQueries({
          queryKey: trpc.bareMetalHosts.events.queryKey({ namespace, name }),
        });
        void queryClient.invalidateQueries({
          queryKey: trpc.bareMetalHosts.yaml.queryKey({ namespace, name }),
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
    void queryClient.invalidateQueries({ queryKey: trpc.bareMetalHosts.events.queryKey(key) });
    void queryClient.invalidateQueries({ queryKey: trpc.bareMetalHosts.yaml.queryKey(key) });
  }, [version, namespace, name, queryClient, trpc]);
  const events = useQuery(trpc.bareMetalHosts.events.queryOptions(ref, { enabled: tab === 'events' }));
  const yaml = useQuery(trpc.bareMetalHosts.yaml.queryOptions(ref, { enabled: tab === 'yaml' }));
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
            {tab === 'history' && <History host={host} />}
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
