import type { HardwareRow, HardwareState } from '@/server/schemas/hardware-list';
import type { MachineRef } from '@/server/schemas/provision-form';
import { TwoLine, type Column } from '../ui/data-table';
import { HardwareStateCell } from './hardware-state';
import { MacLink } from './mac-link';
import { SeenCell } from './seen-cell';

export type KeyedRow = HardwareRow & { key: string };

const RELEASABLE: readonly HardwareState[] = ['claimed', 'provisioning', 'provisioned', 'failed'];

export interface RowActions {
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

/** The unleased list's columns; operators get the select boxes and each row's actions. */
export function columns(now: number, rows: KeyedRow[], actions: RowActions): Column<KeyedRow>[] {
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
