'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import Link from 'next/link';
import type { HostPage, HostQueryInput } from '@/server/api/bare-metal-hosts/host-query';
import {
  HOST_SORT_KEYS,
  HOST_STATE_LABELS,
  type HostSortKey,
  type HostStateGroup,
} from '@/server/schemas/host-list';
import type { HostRow } from '@/server/api/bare-metal-hosts/host-row';
import { useTRPC } from '../trpc/trpc';
import { DataTable, TwoLine, type Column } from '../ui/data-table';
import { errorText } from '../ui/errors';
import { FacetBar, type FacetGroup } from '../ui/facet-bar';
import { ageText } from '../ui/format';
import { LiveFrame, UpdatedAgo } from '../ui/live-status';
import { Pagination } from '../ui/pagination';
import { ErrorBox } from '../ui/panel';
import { RowMenu, type MenuItem } from '../ui/row-menu';
import { SearchInput } from '../ui/search-input';
import { useNow } from '../ui/use-now';
import { useStableTable } from '../ui/use-stable-table';
import { useTableParams } from '../ui/use-table-params';
import type { TableParamSpec, TableParams } from '../ui/url-state';
import { HostStatusCell } from './host-status';

const STATES = Object.keys(HOST_STATE_LABELS) as HostStateGroup[];

const SPEC: TableParamSpec<HostSortKey> = {
  sortKeys: HOST_SORT_KEYS,
  defaultSort: 'name',
  facets: { state: STATES, rack: undefined, flavor: undefined, claim: ['free', 'claimed'] },
};

const NONE = '(none)';

export function hostHref(row: { namespace: string; name: string }): string {
  return `/hosts/${encodeURIComponent(row.namespace)}/${encodeURIComponent(row.name)}`;
}

function menuItems(row: HostRow): MenuItem[] {
  const items: MenuItem[] = [
    { kind: 'link', label: 'Open details', href: hostHref(row) },
    { kind: 'copy', label: 'Copy name', text: row.name },
  ];
  if (row.bootMac) items.push({ kind: 'copy', label: 'Copy boot MAC', text: row.bootMac });
  if (row.bmc) items.push({ kind: 'copy', label: 'Copy BMC address', text: row.bmc.address });
  if (row.tenant) {
    items.push({
      kind: 'link',
      label: 'Open tenant cluster',
      href: `/clusters/${encodeURIComponent(row.tenant.namespace)}/${encodeURIComponent(row.tenant.name)}`,
    });
  }
  return items;
}

function columns(now: number, onMenu: (open: boolean) => void): Column<HostRow>[] {
  const dash = <span className="text-slate-600">—</span>;
  return [
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(9rem,1.25fr)',
      sortKey: 'name',
      cell: (row) => (
        <Link
          href={hostHref(row)}
          className="block truncate font-medium text-sky-300 hover:underline"
          data-testid="host-name"
        >
          {row.name}
        </Link>
      ),
    },
    {
      id: 'namespace',
      header: 'Namespace',
      width: 'minmax(5rem,0.6fr)',
      sortKey: 'namespace',
      cell: (row) => <span className="block truncate text-slate-300">{row.namespace}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      width: 'minmax(12rem,1.5fr)',
      sortKey: 'status',
      cell: (row) => <HostStatusCell status={row.status} deleting={row.deleting} />,
    },
    {
      id: 'tenant',
      header: 'Tenant / role',
      width: 'minmax(7rem,1fr)',
      sortKey: 'tenant',
      cell: (row) =>
        row.tenant ? (
          <TwoLine
            top={
              <Link
                href={`/clusters/${encodeURIComponent(row.tenant.namespace)}/${encodeURIComponent(row.tenant.name)}`}
                className="text-slate-100 hover:underline"
                title={`${row.tenant.namespace}/${row.tenant.name}`}
              >
                {row.tenant.name}
              </Link>
            }
            bottom={row.role ?? 'no role label'}
          />
        ) : (
          <span className="text-xs text-emerald-300/80">free</span>
        ),
    },
    {
      id: 'rack',
      header: 'Rack',
      width: '4.5rem',
      sortKey: 'rack',
      cell: (row) => <span className="font-mono text-[13px]">{row.rack ?? dash}</span>,
    },
    {
      id: 'flavor',
      header: 'Flavor',
      width: 'minmax(6rem,0.9fr)',
      sortKey: 'flavor',
      cell: (row) => <span className="block truncate">{row.flavor ?? dash}</span>,
    },
    {
      id: 'bmc',
      header: 'BMC',
      width: 'minmax(8rem,1.1fr)',
      sortKey: 'bmc',
      cell: (row) =>
        row.bmc ? (
          <TwoLine mono top={<span title={row.bmc.address}>{row.bmc.host}</span>} bottom={row.bmc.driver} />
        ) : (
          dash
        ),
    },
    {
      id: 'mac',
      header: 'Boot MAC',
      width: 'minmax(10rem,1.3fr)',
      sortKey: 'mac',
      cell: (row) =>
        row.bootMac ? (
          <TwoLine
            mono
            top={<span data-testid="boot-mac">{row.bootMac}</span>}
            bottom={<span title={row.bootMacVendor}>{row.bootMacVendor ?? 'unknown vendor'}</span>}
          />
        ) : (
          dash
        ),
    },
    {
      id: 'age',
      header: 'Age',
      width: '3.5rem',
      sortKey: 'age',
      align: 'right',
      cell: (row) => (
        <span className="tabular-nums text-slate-300" title={row.createdAt}>
          {ageText(row.createdAt, now)}
        </span>
      ),
    },
    {
      id: 'menu',
      header: <span className="sr-only">Actions</span>,
      width: '2.25rem',
      cell: (row) => (
        <RowMenu label={`Actions for ${row.name}`} items={menuItems(row)} onOpenChange={onMenu} />
      ),
    },
  ];
}

function facetGroups(page: HostPage | undefined, params: TableParams<HostSortKey>): FacetGroup[] {
  const facet = (
    name: keyof HostPage['facets'],
    title: string,
    label?: (value: string) => string,
  ): FacetGroup => ({
    name,
    title,
    selected: params.facets[name] ?? [],
    options: (page?.facets[name] ?? []).map((option) => ({ ...option, label: label?.(option.value) })),
  });
  return [
    facet('state', 'State', (value) =>
      value in HOST_STATE_LABELS ? HOST_STATE_LABELS[value as HostStateGroup] : value,
    ),
    facet('claim', 'Claim', (value) => (value === 'free' ? 'Free' : 'Claimed')),
    facet('rack', 'Rack', (value) => (value === NONE ? 'no rack' : value)),
    facet('flavor', 'Flavor', (value) => (value === NONE ? 'no flavor' : value)),
  ];
}

export function HostsPage() {
  const trpc = useTRPC();
  const { params, update } = useTableParams(SPEC);
  const input: HostQueryInput = {
    search: params.search,
    state: params.facets.state as HostStateGroup[],
    rack: params.facets.rack,
    flavor: params.facets.flavor,
    claim: params.facets.claim as ('free' | 'claimed')[],
    sort: params.sort,
    dir: params.dir,
    page: params.page,
    pageSize: params.pageSize,
  };
  const queryKey = JSON.stringify(input);
  const table = useStableTable<HostPage, HostRow>();
  const subscription = useSubscription(
    trpc.bareMetalHosts.list.subscriptionOptions(input, {
      onData: (message) => {
        table.receive(message, queryKey);
      },
    }),
  );
  const now = useNow(5_000);
  const view = table.state.view;
  const page = view?.page;

  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 className="text-2xl font-semibold">Bare-metal hosts</h1>
        <span className="text-sm tabular-nums text-slate-400" data-testid="host-count">
          {page ? `${page.total} of ${page.totalAll} hosts` : ''}
        </span>
        <span className="ml-auto">
          <UpdatedAgo at={table.state.receivedAt} />
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SearchInput
          label="Search hosts"
          value={params.search}
          placeholder="Name, MAC (any format), IP or BMC address"
          onChange={(search) => {
            update({ search }, 'replace');
          }}
        />
        {view?.reordered && (
          <span
            className="rounded-full bg-amber-500/10 px-2 py-0.5 text-xs text-amber-200 ring-1 ring-amber-500/30"
            data-testid="order-held"
          >
            Order held while the pointer is over the table{view.held > 0 ? ` · ${view.held} new` : ''}
          </span>
        )}
        {page && (
          <div className="ml-auto">
            <Pagination
              page={page.page}
              pageCount={page.pageCount}
              pageSize={params.pageSize}
              total={page.total}
              onPage={(next) => {
                update({ page: next });
              }}
              onPageSize={(pageSize) => {
                update({ pageSize });
              }}
            />
          </div>
        )}
      </div>
      <LiveFrame>
        <FacetBar
          groups={facetGroups(page, params)}
          onToggle={(name, value) => {
            const selected = params.facets[name] ?? [];
            const values = selected.includes(value)
              ? selected.filter((v) => v !== value)
              : [...selected, value];
            update({ facets: { ...params.facets, [name]: values } });
          }}
          onClear={() => {
            update({ facets: {} });
          }}
        />
        {subscription.status === 'error' && (
          <ErrorBox testId="hosts-error">{errorText(subscription.error)}</ErrorBox>
        )}
        {view ? (
          <DataTable
            label="Bare-metal hosts"
            testId="hosts-table"
            columns={columns(now, table.setMenuOpen)}
            rows={view.rows}
            rowKey={(row) => row.key}
            sort={{ key: params.sort, dir: params.dir }}
            onSort={(key) => {
              const sort = key as HostSortKey;
              update({ sort, dir: params.sort === sort && params.dir === 'asc' ? 'desc' : 'asc' });
            }}
            onPointerInside={table.setPointerInside}
            empty={
              page?.totalAll === 0
                ? 'No BareMetalHosts in the cluster yet.'
                : 'No host matches the search and filters.'
            }
          />
        ) : (
          subscription.status !== 'error' && (
            <p className="py-10 text-center text-sm text-slate-500">Loading hosts…</p>
          )
        )}
      </LiveFrame>
    </section>
  );
}
