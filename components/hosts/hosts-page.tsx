'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import { ConsoleLink } from '../console-link';
import { useCallback, useMemo, useState } from 'react';
import type { HostPage, HostQueryInput } from '@/server/api/hosts/host-query';
import {
  HOST_STATE_LABELS,
  OPEN_FACETS,
  type HostSortKey,
  type OpenFacet,
  type HostStateGroup,
} from '@/server/schemas/host-list';
import type { HostRow } from '@/server/api/hosts/host-row';
import { useTRPC } from '../trpc/trpc';
import { TwoLine, type Column } from '../ui/data-table';
import type { FacetGroup } from '../ui/facet-bar';
import { AgeCell } from '../ui/age-cell';
import { ListHeader, ListToolbar, LiveTable, OrderHeld } from '../ui/list-page';
import { RowMenu } from '../ui/row-menu';
import { useLiveList } from '../ui/use-live-list';
import { tableParamsToSearch, type TableParams } from '../ui/url-state';
import { CLAIM_LABELS, FreeCell, HostStatusCell } from './host-status';
import { HOST_LIST_SPEC } from './host-list-spec';
import type { ClaimValue } from '@/server/schemas/host-free';
import { canAct, useViewer } from '../access/use-viewer';
import { HOST_ACTION_LABELS, HOST_ACTIONS, offeredActions } from '@/server/schemas/host-actions';
import { BulkSelectBar } from '../bulk/bulk-select-bar';
import { HostActionDialog } from './host-action-dialogs';
import {
  clusterHref,
  hostHref,
  hostRowMenuItems,
  hostTarget,
  type HostTarget,
  type OpenDialog,
} from './host-menu-items';

const NONE = '(none)';

interface Actions {
  /** Undefined for a viewer: no selection, no action entries. */
  open?: (dialog: OpenDialog) => void;
  selected: ReadonlyMap<string, HostTarget>;
  toggle: (row: HostRow) => void;
}

function columns(onMenu: (open: boolean) => void, actions: Actions): Column<HostRow>[] {
  const dash = <span className="text-slate-400">—</span>;
  const select: Column<HostRow> = {
    id: 'select',
    header: <span className="sr-only">Select</span>,
    width: '2.25rem',
    cell: (row) => (
      <input
        type="checkbox"
        aria-label={`Select ${row.name}`}
        data-testid="select-host"
        checked={actions.selected.has(row.key)}
        onChange={() => {
          actions.toggle(row);
        }}
        className="h-4 w-4 accent-sky-500"
      />
    ),
  };
  const list: Column<HostRow>[] = [
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(9rem,1.25fr)',
      sortKey: 'name',
      cell: (row) => (
        <ConsoleLink
          href={hostHref(row)}
          className="block truncate font-medium text-sky-300 hover:underline"
          data-testid="host-name"
        >
          {row.name}
        </ConsoleLink>
      ),
    },
    {
      id: 'namespace',
      header: 'Namespace',
      width: 'minmax(5rem,0.6fr)',
      sortKey: 'namespace',
      cellClassName: 'truncate text-slate-300',
      cell: (row) => row.namespace,
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
              <ConsoleLink
                href={clusterHref(row.tenant)}
                className="text-slate-100 hover:underline"
                title={`${row.tenant.namespace}/${row.tenant.name}`}
              >
                {row.tenant.name}
              </ConsoleLink>
            }
            bottom={row.role ?? 'no role label'}
          />
        ) : (
          <FreeCell notFree={row.notFree} truncate />
        ),
    },
    {
      id: 'rack',
      header: 'Rack',
      width: '4.5rem',
      sortKey: 'rack',
      cellClassName: 'font-mono text-[13px]',
      cell: (row) => row.rack ?? dash,
    },
    {
      id: 'flavor',
      header: 'Flavor',
      width: 'minmax(6rem,0.9fr)',
      sortKey: 'flavor',
      cellClassName: 'truncate',
      cell: (row) => row.flavor ?? dash,
    },
    {
      id: 'bmc',
      header: 'BMC',
      width: 'minmax(8rem,1.1fr)',
      sortKey: 'bmc',
      cell: (row) =>
        row.bmc ? <TwoLine mono top={row.bmc.host} title={row.bmc.address} bottom={row.bmc.driver} /> : dash,
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
            top={row.bootMac}
            testId="boot-mac"
            bottom={row.bootMacVendor ?? 'unknown vendor'}
            bottomTitle={row.bootMacVendor}
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
      cellClassName: 'tabular-nums text-slate-300',
      cell: (row) => <AgeCell iso={row.createdAt} />,
    },
    {
      id: 'menu',
      header: <span className="sr-only">Actions</span>,
      width: '2.25rem',
      cell: (row) => (
        <RowMenu
          label={`Actions for ${row.name}`}
          items={hostRowMenuItems(row, actions.open)}
          onOpenChange={onMenu}
        />
      ),
    },
  ];
  return actions.open ? [select, ...list] : list;
}

/** Bulk actions on the selected hosts: each runs on every selected host, and the dialog reports per host. */
function BulkBar({ actions }: { actions: Actions }) {
  const hosts = [...actions.selected.values()];
  if (!actions.open || hosts.length === 0) return null;
  const open = actions.open;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="bulk-actions">
      <span className="text-slate-300" aria-live="polite">
        {hosts.length} selected:
      </span>
      {HOST_ACTIONS.map((action) => (
        <button
          key={action}
          type="button"
          disabled={!hosts.some((host) => offeredActions(host.state).includes(action))}
          onClick={() => {
            open({ kind: 'action', action, hosts });
          }}
          className="rounded border border-slate-600 px-2 py-0.5 hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-40"
        >
          {HOST_ACTION_LABELS[action]}
        </button>
      ))}
    </div>
  );
}

function facetGroups(
  page: HostPage | undefined,
  params: TableParams<HostSortKey>,
  expanded: readonly OpenFacet[],
  setExpanded: (facet: OpenFacet, expanded: boolean) => void,
): FacetGroup[] {
  const facet = (
    name: keyof HostPage['facets'],
    title: string,
    label?: (value: string) => string,
  ): FacetGroup => ({
    name,
    title,
    selected: params.facets[name] ?? [],
    options: (page?.facets[name] ?? []).map((option) => ({ ...option, label: label?.(option.value) })),
    more: isOpenFacet(name)
      ? {
          hidden: page?.facetsHidden[name] ?? 0,
          expanded: expanded.includes(name),
          setExpanded: (on) => {
            setExpanded(name, on);
          },
        }
      : undefined,
  });
  return [
    facet('state', 'State', (value) =>
      value in HOST_STATE_LABELS ? HOST_STATE_LABELS[value as HostStateGroup] : value,
    ),
    facet('claim', 'Claim', (value) => CLAIM_LABELS[value as ClaimValue]),
    facet('rack', 'Rack', (value) => (value === NONE ? 'no rack' : value)),
    facet('flavor', 'Flavor', (value) => (value === NONE ? 'no flavor' : value)),
  ];
}

function isOpenFacet(name: string): name is OpenFacet {
  return (OPEN_FACETS as readonly string[]).includes(name);
}

export function HostsPage() {
  const trpc = useTRPC();
  // Which long facets list every value: a view choice of this tab, not part of the link.
  const [expand, setExpand] = useState<OpenFacet[]>([]);
  const list = useLiveList<HostSortKey, HostQueryInput, HostPage, HostRow>(HOST_LIST_SPEC, (params) => ({
    search: params.search,
    state: params.facets.state as HostStateGroup[],
    rack: params.facets.rack,
    flavor: params.facets.flavor,
    claim: params.facets.claim as ClaimValue[],
    sort: params.sort,
    dir: params.dir,
    page: params.page,
    pageSize: params.pageSize,
    expand,
  }));
  const subscription = useSubscription(
    trpc.hosts.list.subscriptionOptions(list.input, { onData: list.onData }),
  );
  const page = list.view?.page;
  const operator = canAct(useViewer(), 'operator');
  const [dialog, setDialog] = useState<OpenDialog>();
  const [selected, setSelected] = useState<ReadonlyMap<string, HostTarget>>(new Map());
  const toggle = useCallback((row: HostRow) => {
    setSelected((current) => {
      const next = new Map(current);
      if (!next.delete(row.key)) next.set(row.key, hostTarget(row));
      return next;
    });
  }, []);
  const open = operator ? setDialog : undefined;
  const actions = useMemo<Actions>(() => ({ open, selected, toggle }), [open, selected, toggle]);
  // Built again only when what the cells read changes (the selection, the viewer's role): new columns
  // re-render every row in view, and a live snapshot should re-render only the rows it changed.
  const setMenuOpen = list.table.setMenuOpen;
  const hostColumns = useMemo(() => columns(setMenuOpen, actions), [setMenuOpen, actions]);

  return (
    <section className="space-y-3">
      <ListHeader list={list} title="Bare-metal hosts" countTestId="host-count" noun="hosts" />
      <ListToolbar
        list={list}
        searchLabel="Search hosts"
        placeholder="Name, MAC (any format), IP or BMC address"
      >
        <OrderHeld view={list.view} testId="order-held" />
        <ConsoleLink
          href={`/firmware${tableParamsToSearch({ ...list.params, page: 1 }, HOST_LIST_SPEC)}`}
          data-testid="hosts-firmware-link"
          className="text-sm text-sky-300 hover:underline"
        >
          Firmware of these hosts
        </ConsoleLink>
        {operator && (
          <ConsoleLink
            href="/hosts/new"
            data-testid="add-host"
            className="rounded-md bg-sky-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-600"
          >
            Add host
          </ConsoleLink>
        )}
      </ListToolbar>
      {operator && (
        <BulkSelectBar
          filter={{
            search: list.input.search,
            state: list.input.state,
            rack: list.input.rack,
            flavor: list.input.flavor,
            claim: list.input.claim,
          }}
          total={page?.total ?? 0}
        />
      )}
      <BulkBar actions={actions} />
      <LiveTable
        list={list}
        facets={facetGroups(page, list.params, expand, (facet, on) => {
          setExpand((current) => (on ? [...current, facet] : current.filter((f) => f !== facet)));
        })}
        subscription={subscription}
        errorTestId="hosts-error"
        loading="Loading hosts…"
        label="Bare-metal hosts"
        testId="hosts-table"
        columns={hostColumns}
        empty={
          page?.totalAll === 0
            ? 'No BareMetalHosts in the cluster yet.'
            : 'No host matches the search and filters.'
        }
      />
      {dialog && (
        <HostActionDialog
          dialog={dialog}
          onClose={() => {
            if (dialog.kind === 'action' && dialog.hosts.length > 1) setSelected(new Map());
            setDialog(undefined);
          }}
        />
      )}
    </section>
  );
}
