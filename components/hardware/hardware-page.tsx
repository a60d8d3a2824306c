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
  type HardwareSortKey,
  type HardwareState,
} from '@/server/schemas/hardware-list';
import type { MachineRef, ProvisionedMachine } from '@/server/schemas/provision-form';
import { canAct, useViewer } from '../access/use-viewer';
import { useTRPC } from '../trpc/trpc';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { errorText } from '../ui/errors';
import { ListHeader, ListToolbar, LiveTable, OrderHeld } from '../ui/list-page';
import { useLiveList } from '../ui/use-live-list';
import { useNow } from '../ui/use-now';
import type { TableParamSpec } from '../ui/url-state';
import { SelectAllBar } from '../bulk/bulk-select-bar';
import { columns, type KeyedRow } from './hardware-columns';
import { ProvisionDialog } from './provision-dialog';
import { ProvisionProgress } from './provision-progress';
import { useMachineActions } from './use-machine-actions';

// First seen, oldest first: unlike last seen it does not change while hosts loop, so rows stay put.
const SPEC: TableParamSpec<HardwareSortKey> = {
  sortKeys: HARDWARE_SORT_KEYS,
  defaultSort: 'firstSeen',
  facets: { state: HARDWARE_STATES },
};

type KeyedPage = Omit<HardwarePage, 'rows'> & { rows: KeyedRow[] };

/** The unleased machines the filter matches: the search's unleased count, unless the state facet leaves them out. */
function unleasedMatching(
  page: HardwarePage | undefined,
  states: readonly HardwareState[] | undefined,
): number {
  if (states && states.length > 0 && !states.includes('unleased')) return 0;
  return page?.states.find((state) => state.value === 'unleased')?.count ?? 0;
}

/**
 * Unleased hardware: every MAC that PXE-boots against the boot service, live. Operators select
 * unleased MACs (or all the filter matches, as a bulk job) and provision them into a Plunder cluster,
 * retry a failed install, or release a machine (wiped on its next boot, then unleased again).
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
      {operator && (
        <SelectAllBar
          selection={{ kind: 'hardware', filter: { search: list.input.search, state: list.input.state } }}
          total={unleasedMatching(page, list.input.state)}
        />
      )}
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
