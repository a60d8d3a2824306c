'use client';

import { useQuery } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useSearchParams } from 'next/navigation';
import type { FleetView } from '@/server/api/firmware/fleet.handler';
import type { FleetFilterInput } from '@/server/api/firmware/fleet.schema';
import type { ClaimValue } from '@/server/schemas/host-free';
import type { HostStateGroup } from '@/server/schemas/host-list';
import type { LiveMessage } from '@/server/types/live-message';
import { canAct, useViewer } from '../access/use-viewer';
import { ConsoleLink } from '../console-link';
import { HOST_LIST_SPEC } from '../hosts/host-list-spec';
import { useTRPC } from '../trpc/trpc';
import { LiveDetail } from '../ui/detail-page';
import { Empty } from '../ui/panel';
import { inputClass } from '../ui/plain-table';
import { tableParamsToSearch, writeSearch, type TableParams } from '../ui/url-state';
import type { HostSortKey } from '@/server/schemas/host-list';
import { useTableParams } from '../ui/use-table-params';
import { useLiveObject } from '../ui/use-stable-table';
import { FleetGroupPanel } from './fleet-group';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The page's own URL parameters beside the hosts list's: the tenant cluster and the chosen baseline. */
function extrasOf(params: URLSearchParams): {
  tenant?: { namespace: string; name: string };
  baseline?: string;
} {
  const [namespace, name] = (params.get('tenant') ?? '').split('/');
  const baseline = params.get('baseline') ?? '';
  return {
    ...(namespace && name ? { tenant: { namespace, name } } : {}),
    ...(UUID.test(baseline) ? { baseline } : {}),
  };
}

function searchOf(
  params: TableParams<HostSortKey>,
  extras: { tenant?: { namespace: string; name: string }; baseline?: string | undefined },
): string {
  const url = new URLSearchParams(tableParamsToSearch({ ...params, page: 1 }, HOST_LIST_SPEC));
  if (extras.tenant) url.set('tenant', `${extras.tenant.namespace}/${extras.tenant.name}`);
  if (extras.baseline) url.set('baseline', extras.baseline);
  const text = url.toString();
  return text ? `?${text}` : '';
}

/**
 * Firmware settings across the fleet: the hosts the hosts list's search and facets match (or one
 * tenant cluster's), grouped by vendor and model, each setting compared across them, live.
 */
export function FleetFirmwarePage() {
  const trpc = useTRPC();
  const operator = canAct(useViewer(), 'operator');
  const { params } = useTableParams(HOST_LIST_SPEC);
  const extras = extrasOf(new URLSearchParams(useSearchParams().toString()));
  const filter: FleetFilterInput = {
    search: params.search,
    state: (params.facets.state ?? []) as HostStateGroup[],
    rack: params.facets.rack ?? [],
    flavor: params.facets.flavor ?? [],
    claim: (params.facets.claim ?? []) as ClaimValue[],
    ...(extras.tenant ? { tenant: extras.tenant } : {}),
  };
  const live = useLiveObject<FleetView>();
  const subscription = useSubscription(
    trpc.firmware.fleet.subscriptionOptions(
      { filter, ...(extras.baseline ? { baseline: extras.baseline } : {}) },
      {
        onData: (message: LiveMessage<FleetView>) => {
          live.receive(message);
        },
      },
    ),
  );
  const baselines = useQuery(trpc.firmware.baselines.queryOptions());
  const view = live.view;
  const hostsLink = `/hosts${tableParamsToSearch({ ...params, page: 1 }, HOST_LIST_SPEC)}`;
  return (
    <section className="space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold" data-testid="fleet-title">
            Firmware across the fleet
          </h1>
          <p className="text-sm text-slate-400">
            HostFirmwareSettings compared per vendor and model (as their FirmwareSchema or inspection gives
            it)
            {extras.tenant ? ` for tenant cluster ${extras.tenant.namespace}/${extras.tenant.name}` : ''}.
          </p>
        </div>
        <div className="flex items-center gap-3">
          <label className="flex items-center gap-2 text-sm text-slate-300">
            Search hosts
            <input
              type="search"
              className={inputClass}
              data-testid="fleet-search"
              value={params.search}
              maxLength={200}
              placeholder="As on the hosts list"
              onChange={(event) => {
                writeSearch(searchOf({ ...params, search: event.target.value }, extras), 'replace');
              }}
            />
          </label>
          <ConsoleLink href={hostsLink} className="text-sm text-sky-300 hover:underline">
            Same hosts as a list
          </ConsoleLink>
        </div>
      </header>
      <LiveDetail
        subscription={subscription}
        received={view !== undefined}
        item={view}
        loading="Comparing firmware settings…"
        notFound={null}
      >
        {(fleet) => (
          <>
            {fleet.baselineMissing && (
              <p className="text-sm text-amber-300">
                The chosen baseline no longer exists: the hosts are compared with their majority.
              </p>
            )}
            {fleet.unreported > 0 && (
              <p className="text-sm text-slate-400" data-testid="fleet-unreported">
                {fleet.unreported} matching hosts have reported no firmware settings yet.
              </p>
            )}
            {fleet.groups.length === 0 ? (
              <Empty>No matching host has reported firmware settings.</Empty>
            ) : (
              fleet.groups.map((group) => (
                <FleetGroupPanel
                  key={`${group.vendor}/${group.model}`}
                  group={group}
                  baselines={(baselines.data ?? []).filter(
                    (baseline) => baseline.vendor === group.vendor && baseline.model === group.model,
                  )}
                  filter={filter}
                  operator={operator}
                  onChoose={(baseline) => {
                    writeSearch(searchOf(params, { ...extras, baseline }), 'push');
                  }}
                />
              ))
            )}
          </>
        )}
      </LiveDetail>
    </section>
  );
}
