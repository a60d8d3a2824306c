'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import { useState } from 'react';
import type { LiveMessage } from '@/server/types/live-message';
import {
  HARDWARE_SORT_KEYS,
  HARDWARE_STATE_LABELS,
  HARDWARE_STATES,
  type HardwarePage,
  type HardwareQueryInput,
  type HardwareRow,
  type HardwareSortKey,
  type HardwareState,
} from '@/server/schemas/hardware-list';
import type { MachineRef, ProvisionedMachine } from '@/server/schemas/provision-form';
import { canAct, useViewer } from '../access/use-viewer';
import { useTRPC } from '../trpc/trpc';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { TwoLine, type Column } from '../ui/data-table';
import { errorText } from '../ui/errors';
import { ListHeader, ListToolbar, LiveTable, OrderHeld } from '../ui/list-page';
import { useLiveList } from '../ui/use-live-list';
import { useNow } from '../ui/use-now';
import type { TableParamSpec } from '../ui/url-state';
import { HardwareStateCell } from './hardware-state';
import { MacLink } from './mac-link';
import { ProvisionDialog } from './provision-dialog';
import { ProvisionProgress } from './provision-progress';
import { SeenCell } from './seen-cell';
import { useMachineActions } from './use-machine-actions';

// First seen, oldest first: unlike last seen it does not change while hosts loop, so rows stay put.
const SPEC: TableParamSpec<HardwareSortKey> = {
  sortKeys: HARDWARE_SORT_KEYS,
  defaultSort: 'firstSeen',
  facets: { state: HARDWARE_STATES },
};

type KeyedRow = HardwareRow & { key: string };
type KeyedPage = Omit<HardwarePage, 'rows'> & { rows: KeyedRow[] };

const RELEASABLE: readonly HardwareState[] = ['claimed', 'provisioning', 'provisioned', 'failed'];

interface RowActions {
  selected: ReadonlySet<string>;
  toggle: (mac: string) => void;
  operator: boolean;
  onRetry: (machine: MachineRef) => void;
  onRelease: (machine: MachineRef) => void;
  busy: MachineRef | undefined;
}

function sameRef(a: MachineRef | undefined, b: MachineRef | null): boolean {
  return Boolean(a && b && a.namespace === b.namespace && a.name === b.name);
}

function columns(now: number, rows: KeyedRow[], actions: RowActions): Column<KeyedRow>[] {
  const dash = <span className="text-slate-400">—</span>;
  const selectable = rows.filter((row) => row.state === 'unleased');
  const allSelected = selectable.length > 0 && selectable.every((row) => actions.selected.has(row.mac));
  const select: Column<KeyedRow> = {
    id: 'select',
    header: (
      <input
        type="checkbox"
        aria-label="Select every unleased machine on this page"
        checked={allSelected}
        disabled={selectable.length === 0}
        onChange={() => {
          for (const row of selectable) {
            if (allSelected || !actions.selected.has(row.mac)) actions.toggle(row.mac);
          }
        }}
        className="h-4 w-4 accent-sky-500"
      />
    ),
    width: '2.25rem',
    cell: (row) => (
      <input
        type="checkbox"
        aria-label={`Select ${row.mac}`}
        data-testid="select-mac"
        checked={actions.selected.has(row.mac)}
        disabled={row.state !== 'unleased'}
        title={row.state === 'unleased' ? undefined : 'Only unleased machines can be provisioned'}
        onChange={() => {
          actions.toggle(row.mac);
        }}
        className="h-4 w-4 accent-sky-500 disabled:opacity-30"
      />
    ),
  };
  const list: Column<KeyedRow>[] = [
    {
      id: 'mac',
      header: 'MAC',
      width: 'minmax(11rem,1.3fr)',
      sortKey: 'mac',
      cell: (row) => (
        <TwoLine
          mono
          top={<MacLink mac={row.mac} />}
          testId="mac"
          bottom={row.vendor ?? 'unknown vendor'}
          bottomTitle={row.vendor ?? undefined}
        />
      ),
    },
    {
      id: 'ip',
      header: 'IP',
      width: 'minmax(7rem,0.8fr)',
      sortKey: 'ip',
      cellClassName: 'font-mono text-[13px]',
      cell: (row) => row.ip ?? dash,
    },
    {
      id: 'firstSeen',
      header: 'First seen',
      width: '6.5rem',
      sortKey: 'firstSeen',
      cell: (row) => <SeenCell at={row.firstSeen} now={now} />,
    },
    {
      id: 'lastSeen',
      header: 'Last seen',
      width: '6.5rem',
      sortKey: 'lastSeen',
      cell: (row) => <SeenCell at={row.lastSeen} now={now} colour />,
    },
    {
      id: 'bootCount',
      header: 'Boots',
      width: '4.5rem',
      sortKey: 'bootCount',
      align: 'right',
      cellClassName: 'tabular-nums',
      cell: (row) => row.bootCount,
    },
    {
      id: 'state',
      header: 'State',
      width: 'minmax(8rem,1.1fr)',
      sortKey: 'state',
      cell: (row) => <HardwareStateCell row={row} />,
    },
    {
      id: 'machine',
      header: 'Machine',
      width: 'minmax(8rem,1.1fr)',
      sortKey: 'machine',
      cell: (row) =>
        row.machine ? (
          <TwoLine
            top={row.machine.name}
            title={`${row.machine.namespace}/${row.machine.name}`}
            bottom={[row.machine.namespace, row.machineIp].filter(Boolean).join(' · ')}
          />
        ) : (
          dash
        ),
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      width: '8.5rem',
      cell: (row) => {
        const machine = row.machine;
        if (!actions.operator || !machine) return null;
        const busy = sameRef(actions.busy, machine);
        return (
          <div className="flex justify-end gap-1.5">
            {row.state === 'failed' && (
              <button
                type="button"
                disabled={busy}
                onClick={() => {
                  actions.onRetry(machine);
                }}
                className="rounded border border-sky-700 px-2 py-0.5 text-xs text-sky-200 hover:bg-sky-900/40 disabled:opacity-50"
              >
                Retry
              </button>
            )}
            {RELEASABLE.includes(row.state) && (
              <button
                type="button"
                disabled={busy}
                aria-label={`Release ${machine.name}`}
                onClick={() => {
                  actions.onRelease(machine);
                }}
                className="rounded border border-slate-700 px-2 py-0.5 text-xs text-slate-200 hover:border-red-500/60 hover:text-red-200 disabled:opacity-50"
              >
                Release
              </button>
            )}
          </div>
        );
      },
    },
  ];
  return actions.operator ? [select, ...list] : list;
}

/**
 * Unleased hardware: every MAC that PXE-boots against the boot service, live. Operators select
 * unleased MACs and provision them into a Plunder cluster, retry a failed install, or release a
 * machine (wiped on its next boot, then unleased again).
 */
export function HardwarePage() {
  const trpc = useTRPC();
  const viewer = useViewer();
  const operator = canAct(viewer, 'operator');
  const list = useLiveList<HardwareSortKey, HardwareQueryInput, KeyedPage, KeyedRow>(SPEC, (params) => ({
    search: params.search,
    state: params.facets.state as HardwareState[],
    sort: params.sort,
    dir: params.dir,
    page: params.page,
    pageSize: params.pageSize,
  }));
  const subscription = useSubscription(
    trpc.hardware.list.subscriptionOptions(list.input, {
      onData: (message: LiveMessage<HardwarePage>) => {
        list.onData(
          message.view
            ? { view: { ...message.view, rows: message.view.rows.map((row) => ({ ...row, key: row.mac })) } }
            : { same: true },
        );
      },
    }),
  );
  const now = useNow(1_000);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [provisioning, setProvisioning] = useState(false);
  const [progress, setProgress] = useState<ProvisionedMachine[]>([]);
  const [releasing, setReleasing] = useState<MachineRef>();
  const [actionMessage, setActionMessage] = useState<string>();
  const actions = useMachineActions();
  const view = list.view;
  const page = view?.page;
  const toggle = (mac: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(mac)) next.add(mac);
      return next;
    });
  };

  return (
    <section className="space-y-3">
      <ListHeader list={list} title="Unleased hardware" countTestId="hardware-count" noun="MACs" />
      {progress.length > 0 && (
        <ProvisionProgress
          machines={progress}
          canAct={operator}
          onDismiss={() => {
            setProgress([]);
          }}
        />
      )}
      <ListToolbar
        list={list}
        searchLabel="Search hardware"
        placeholder="MAC (any format), vendor, IP or machine"
      >
        {operator && (
          <div className="flex items-center gap-2">
            <button
              type="button"
              disabled={selected.size === 0}
              onClick={() => {
                setProvisioning(true);
              }}
              className="rounded bg-sky-700 px-3 py-1 text-sm font-medium text-white hover:bg-sky-600 disabled:cursor-not-allowed disabled:opacity-40"
            >
              Provision{selected.size > 0 ? ` ${selected.size}` : ''}
            </button>
            <span className="w-40 whitespace-nowrap text-xs text-slate-400" aria-live="polite">
              {selected.size > 0 ? (
                <>
                  {selected.size} selected ·{' '}
                  <button
                    type="button"
                    className="underline hover:text-white"
                    onClick={() => {
                      setSelected(new Set());
                    }}
                  >
                    clear
                  </button>
                </>
              ) : (
                'select unleased MACs'
              )}
            </span>
          </div>
        )}
        <OrderHeld view={view} />
      </ListToolbar>
      {actionMessage && (
        <p role="alert" className="text-sm text-red-300">
          {actionMessage}
        </p>
      )}
      <LiveTable
        list={list}
        facets={[
          {
            name: 'state',
            title: 'State',
            selected: list.params.facets.state ?? [],
            options: (page?.states ?? []).map((option) => ({
              ...option,
              label: HARDWARE_STATE_LABELS[option.value],
            })),
          },
        ]}
        subscription={subscription}
        errorTestId="hardware-error"
        loading="Loading hardware…"
        label="Unleased hardware"
        testId="hardware-table"
        columns={columns(
          now,
          (view?.rows ?? []).map((shown) => shown.row),
          {
            selected,
            toggle,
            operator,
            busy: actions.retrying ?? actions.releasing,
            onRetry: (machine) => {
              setActionMessage(undefined);
              void actions.retry(machine).then(
                (outcome) => {
                  if (outcome.status === 'rejected') setActionMessage(outcome.message);
                },
                (error: unknown) => {
                  setActionMessage(errorText(error as Error));
                },
              );
            },
            onRelease: setReleasing,
          },
        )}
        empty={
          page?.totalAll === 0
            ? 'No machine has PXE-booted against the boot service yet.'
            : 'No MAC matches the search and filters.'
        }
      />
      {provisioning && (
        <ProvisionDialog
          macs={[...selected].sort()}
          onCancel={() => {
            setProvisioning(false);
          }}
          onProvisioned={(machines) => {
            setProvisioning(false);
            setSelected(new Set());
            setProgress(machines);
          }}
        />
      )}
      {releasing && (
        <ConfirmDialog
          title={`Release ${releasing.namespace}/${releasing.name}?`}
          confirmText={releasing.name}
          actionLabel="Release machine"
          busy={actions.releasing !== undefined}
          error={actions.releaseError || undefined}
          onCancel={() => {
            actions.resetRelease();
            setReleasing(undefined);
          }}
          onConfirm={() => {
            // A failure stays in the dialog (releaseError); only an answer closes it.
            void actions.release(releasing).then(
              (outcome) => {
                if (outcome.status === 'rejected') setActionMessage(outcome.message);
                setReleasing(undefined);
              },
              () => undefined,
            );
          }}
        >
          <p>
            The PlunderMachine is deleted. On its next boot the host gets the wipe profile; once the wipe
            reports done, the MAC is unleased again.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
