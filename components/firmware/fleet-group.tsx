'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useState } from 'react';
import type { BaselineRow } from '@/server/api/firmware/baselines';
import type { FleetGroup, SettingDrift } from '@/server/api/firmware/fleet-drift';
import type { FleetFilterInput } from '@/server/api/firmware/fleet.schema';
import type { FirmwareView } from '@/server/api/firmware/firmware-view';
import type { SettingValue } from '@/server/schemas/firmware-setting-rules';
import type { LiveMessage } from '@/server/types/live-message';
import { BulkConfirmDialog } from '../bulk/bulk-confirm-dialog';
import { ConsoleLink } from '../console-link';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { ErrorBox, Panel } from '../ui/panel';
import { refetchAfterChange } from '../ui/refetch-after-change';
import { buttonClass, inputClass, PlainTable } from '../ui/plain-table';
import { Chip } from '../ui/tone';
import { BaselineEditor, type BaselineStart } from './baseline-editor';

/** Reads one host's reported values once, for a baseline made from them. */
function HostValues({
  host,
  onValues,
}: {
  host: { namespace: string; name: string };
  onValues: (values: Record<string, string>) => void;
}) {
  const trpc = useTRPC();
  useSubscription(
    trpc.firmware.settings.subscriptionOptions(host, {
      onData: (message: LiveMessage<FirmwareView>) => {
        if (message.view)
          onValues(Object.fromEntries(message.view.settings.map((row) => [row.name, row.current])));
      },
    }),
  );
  return <p className="text-sm text-slate-400">Reading {host.name}…</p>;
}

function DriftCell({ row }: { row: SettingDrift }) {
  if (row.readOnly) return <span className="text-slate-400">read-only: not applicable</span>;
  if (row.driftCount === 0) return <span className="text-slate-400">0</span>;
  return (
    <span>
      <Chip tone="warning">{row.driftCount}</Chip>{' '}
      <span className="font-mono text-xs text-slate-300">
        {row.drifting.map((item) => `${item.host.split('/')[1] ?? item.host}=${item.value}`).join(', ')}
        {row.driftCount > row.drifting.length ? ' …' : ''}
      </span>
    </span>
  );
}

/**
 * One vendor and model of the fleet: each setting's majority and the hosts that differ from it (or from
 * the chosen baseline), baselines made, edited and applied, a setting applied to every host.
 */
export function FleetGroupPanel({
  group,
  baselines,
  filter,
  operator,
  onChoose,
}: {
  group: FleetGroup;
  baselines: readonly BaselineRow[];
  filter: FleetFilterInput;
  operator: boolean;
  onChoose: (id: string | undefined) => void;
}) {
  const [editing, setEditing] = useState<BaselineStart>();
  const [fromHost, setFromHost] = useState<{ namespace: string; name: string }>();
  const [hostChoice, setHostChoice] = useState('');
  const [applying, setApplying] = useState<{ settings: Record<string, SettingValue>; baseline?: string }>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.firmware.deleteBaseline.mutationOptions({
      onSuccess: async () => {
        await refetchAfterChange(queryClient, trpc.firmware.baselines.queryKey());
        onChoose(undefined);
      },
    }),
  );
  const chosen = baselines.find((baseline) => baseline.id === group.baseline?.id);
  const title = `${group.vendor || 'unknown vendor'} · ${group.model || 'unknown model'}`;
  const canEdit = operator && group.entries !== undefined;
  const majority = Object.fromEntries(group.settings.map((row) => [row.name, row.majority]));
  return (
    <Panel title={title} testId="fleet-group">
      <div className="mb-3 flex flex-wrap items-center gap-4 text-sm">
        <span>
          <strong data-testid="fleet-host-count">{group.hostCount}</strong> hosts
        </span>
        <span>
          <strong data-testid="drift-count">{group.driftingHosts}</strong> differ from{' '}
          {chosen ? `baseline ${chosen.name}` : 'the majority'}
        </span>
        {group.withoutSchema > 0 && (
          <span className="text-amber-300">{group.withoutSchema} without a FirmwareSchema (read-only)</span>
        )}
        <label className="flex items-center gap-2 text-slate-300">
          Compare with
          <select
            className={inputClass}
            data-testid="baseline-choice"
            value={chosen?.id ?? ''}
            onChange={(event) => {
              onChoose(event.target.value || undefined);
            }}
          >
            <option value="">the majority</option>
            {baselines.map((baseline) => (
              <option key={baseline.id} value={baseline.id}>
                baseline {baseline.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {canEdit && !editing && (
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={buttonClass}
            data-testid="baseline-from-majority"
            onClick={() => {
              setEditing({ name: '', values: majority, from: 'the majority of these hosts' });
            }}
          >
            New baseline from the majority
          </button>
          <select
            className={inputClass}
            aria-label="Host to make a baseline from"
            data-testid="baseline-host"
            value={hostChoice}
            onChange={(event) => {
              setHostChoice(event.target.value);
            }}
          >
            <option value="">a host…</option>
            {group.hosts
              .filter((host) => host.hasSchema)
              .map((host) => (
                <option key={`${host.namespace}/${host.name}`} value={`${host.namespace}/${host.name}`}>
                  {host.name}
                </option>
              ))}
          </select>
          <button
            type="button"
            className={buttonClass}
            data-testid="baseline-from-host"
            disabled={!hostChoice}
            onClick={() => {
              const [namespace = '', name = ''] = hostChoice.split('/');
              setFromHost({ namespace, name });
            }}
          >
            New baseline from its values
          </button>
          {chosen && (
            <>
              <button
                type="button"
                className={buttonClass}
                data-testid="baseline-edit"
                onClick={() => {
                  setEditing({
                    id: chosen.id,
                    name: chosen.name,
                    values: chosen.settings,
                    from: `baseline ${chosen.name}`,
                  });
                }}
              >
                Edit baseline
              </button>
              <button
                type="button"
                className={buttonClass}
                data-testid="baseline-apply"
                onClick={() => {
                  setApplying({ settings: { ...chosen.settings }, baseline: chosen.name });
                }}
              >
                Apply baseline {chosen.name} to these hosts
              </button>
              <button
                type="button"
                className={buttonClass}
                data-testid="baseline-delete"
                disabled={remove.isPending}
                onClick={() => {
                  remove.mutate({ id: chosen.id });
                }}
              >
                Delete baseline
              </button>
            </>
          )}
        </div>
      )}
      {remove.isError && <ErrorBox>{errorText(remove.error)}</ErrorBox>}
      {fromHost && (
        <HostValues
          host={fromHost}
          onValues={(values) => {
            setFromHost(undefined);
            setEditing({ name: '', values, from: `the values ${fromHost.name} reports` });
          }}
        />
      )}
      {editing && (
        <div className="mb-3">
          <BaselineEditor
            group={group}
            start={editing}
            onClose={() => {
              setEditing(undefined);
            }}
            onSaved={(id) => {
              setEditing(undefined);
              onChoose(id);
            }}
          />
        </div>
      )}
      <PlainTable
        testId="fleet-settings"
        headers={['Setting', 'Majority', 'Baseline', 'Hosts differing', 'Apply']}
        empty="These hosts report no settings."
        rows={group.settings.map((row) => {
          const reference = row.baseline ?? row.majority;
          return {
            key: row.name,
            cells: [
              <span key="name" className="font-mono text-xs" data-setting={row.name}>
                {row.name}
              </span>,
              <span key="majority" className="font-mono text-xs">
                {row.majority} <span className="text-slate-400">({row.majorityCount})</span>
              </span>,
              <span key="baseline" className="font-mono text-xs">
                {row.baseline ?? '—'}
              </span>,
              <DriftCell key="drift" row={row} />,
              canEdit && !row.readOnly && row.driftCount > 0 ? (
                <button
                  key="apply"
                  type="button"
                  className={buttonClass}
                  data-testid={`apply-setting-${row.name}`}
                  onClick={() => {
                    setApplying({ settings: { [row.name]: reference } });
                  }}
                >
                  Set {reference} on all
                </button>
              ) : null,
            ],
          };
        })}
      />
      <p className="mt-3 text-xs text-slate-400">
        Most differing hosts:{' '}
        {group.hosts
          .filter((host) => host.drift > 0)
          .slice(0, 20)
          .map((host, index) => (
            <span key={`${host.namespace}/${host.name}`}>
              {index > 0 ? ', ' : ''}
              <ConsoleLink
                href={`/hosts/${host.namespace}/${host.name}/firmware`}
                className="text-sky-300 hover:underline"
              >
                {host.name}
              </ConsoleLink>{' '}
              ({host.drift})
            </span>
          ))}
        {group.driftingHosts === 0 ? 'none' : ''}
      </p>
      {applying && (
        <BulkConfirmDialog
          action="firmware-settings"
          selection={{
            kind: 'firmware',
            filter,
            firmware: { vendor: group.vendor, model: group.model, ...applying },
          }}
          onClose={() => {
            setApplying(undefined);
          }}
        />
      )}
    </Panel>
  );
}
