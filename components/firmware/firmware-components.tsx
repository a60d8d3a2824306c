'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ComponentsView } from '@/server/api/firmware/components-view';
import {
  FIXED_COMPONENTS,
  type FirmwareUpdate,
  type UpdatesState,
} from '@/server/schemas/firmware-component-rules';
import { canAct, useViewer } from '../access/use-viewer';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { ChangesTable } from '../ui/form-kit/edit-changes';
import { ErrorBox, Fields, Panel } from '../ui/panel';
import { buttonClass, inputClass, PlainTable } from '../ui/plain-table';
import { Chip } from '../ui/tone';
import { draftUpdateProblems, updatesDiff, withoutUpdate, withUpdate } from './components-draft';

type Found = Extract<ComponentsView, { found: true }>;

function StateChip({ state }: { state: UpdatesState }) {
  switch (state.state) {
    case 'none':
      return <Chip tone="neutral">no update requested</Chip>;
    case 'applied':
      return <Chip tone="ok">applied</Chip>;
    case 'pending':
      return <Chip tone="progress">pending: next cleaning or servicing</Chip>;
    case 'failed':
      return <Chip tone="error">refused: {state.reason}</Chip>;
  }
}

function UpdatesTable({
  updates,
  testId,
  empty,
}: {
  updates: FirmwareUpdate[];
  testId: string;
  empty: string;
}) {
  return (
    <PlainTable
      headers={['Component', 'Image']}
      testId={testId}
      empty={empty}
      rows={updates.map((update) => ({
        key: update.component,
        cells: [
          <span key="c" className="font-mono">
            {update.component}
          </span>,
          <span key="u" className="break-all font-mono text-xs">
            {update.url}
          </span>,
        ],
      }))}
    />
  );
}

/** The request form: add or remove an update, the diff of spec.updates, then one checked write. */
function RequestForm({ namespace, name, view }: { namespace: string; name: string; view: Found }) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState<FirmwareUpdate[] | undefined>();
  const [component, setComponent] = useState('');
  const [url, setUrl] = useState('');
  const change = useMutation(
    trpc.firmware.componentsChange.mutationOptions({
      onSuccess: (answer) => {
        if (answer.status === 'written') setDraft(undefined);
      },
    }),
  );
  const after = draft ?? view.requested;
  const diff = updatesDiff(view.requested, after);
  const problems = draftUpdateProblems(after);
  const known = [...new Set([...FIXED_COMPONENTS, ...view.components.map((row) => row.component)])];
  return (
    <div className="mt-4 space-y-3" data-testid="components-request">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setDraft(withUpdate(after, { component, url }));
          setComponent('');
          setUrl('');
          change.reset();
        }}
      >
        <label className="flex flex-col gap-1 text-xs text-slate-400">
          Component
          <input
            className={`${inputClass} font-mono`}
            data-testid="component-name"
            list="firmware-component-names"
            value={component}
            maxLength={128}
            placeholder="bios, bmc or nic:…"
            required
            onChange={(event) => {
              setComponent(event.target.value);
            }}
          />
          <datalist id="firmware-component-names">
            {known.map((known) => (
              <option key={known} value={known} />
            ))}
          </datalist>
        </label>
        <label className="flex min-w-80 flex-1 flex-col gap-1 text-xs text-slate-400">
          Image URL (http or https)
          <input
            className={`${inputClass} font-mono`}
            data-testid="component-url"
            type="text"
            value={url}
            maxLength={2048}
            placeholder="https://images.example/bios-2.1.0.bin"
            required
            onChange={(event) => {
              setUrl(event.target.value);
            }}
          />
        </label>
        <button type="submit" className={buttonClass} data-testid="component-add">
          Add to the request
        </button>
      </form>
      {view.requested.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {after.map((update) => (
            <button
              key={update.component}
              type="button"
              className={buttonClass}
              data-testid={`component-remove-${update.component}`}
              onClick={() => {
                setDraft(withoutUpdate(after, update.component));
                change.reset();
              }}
            >
              Remove {update.component}
            </button>
          ))}
        </div>
      )}
      <ChangesTable
        changes={diff}
        testId="components-diff"
        empty="No change yet: add an update above or remove a requested one."
      />
      {problems.length > 0 && (
        <ErrorBox testId="components-problems">
          Nothing is written until these are fixed: {problems.join('; ')}
        </ErrorBox>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass}
          data-testid="components-apply"
          disabled={diff.length === 0 || problems.length > 0 || change.isPending || !view.resourceVersion}
          onClick={() => {
            change.mutate({ namespace, name, resourceVersion: view.resourceVersion ?? '', updates: after });
          }}
        >
          Request for the next cleaning
        </button>
        <button
          type="button"
          className={buttonClass}
          disabled={draft === undefined}
          onClick={() => {
            setDraft(undefined);
            change.reset();
          }}
        >
          Discard
        </button>
      </div>
      {change.isError && <ErrorBox>{errorText(change.error)}</ErrorBox>}
      {change.data?.status === 'rejected' && (
        <ErrorBox testId="components-rejected">{change.data.message}</ErrorBox>
      )}
      {change.data?.status === 'written' && (
        <p className="text-sm text-emerald-300" data-testid="components-written">
          Written to the host&apos;s HostFirmwareComponents. Nothing is flashed now: the host operator flashes
          it at the host&apos;s next cleaning (an available host is cleaned for it) or servicing.
        </p>
      )}
    </div>
  );
}

/** A host's firmware components (HostFirmwareComponents): versions, requested and applied updates, conditions. */
export function FirmwareComponents({
  namespace,
  name,
  view,
}: {
  namespace: string;
  name: string;
  view: ComponentsView;
}) {
  const viewer = useViewer();
  if (!view.found) {
    return (
      <Panel title="Firmware components" testId="firmware-components">
        <p className="text-sm text-slate-300" data-testid="components-absent">
          {view.message}
        </p>
      </Panel>
    );
  }
  return (
    <Panel
      title="Firmware components"
      testId="firmware-components"
      actions={<StateChip state={view.state} />}
    >
      <PlainTable
        headers={['Component', 'Initial', 'Current', 'Last flashed', 'Flashed at']}
        testId="components-table"
        empty="The host operator has reported no component yet."
        rows={view.components.map((row) => ({
          key: row.component,
          cells: [
            <span key="c" className="font-mono">
              {row.component}
            </span>,
            row.initialVersion,
            row.currentVersion ?? '—',
            row.lastVersionFlashed ?? '—',
            row.updatedAt ?? '—',
          ],
        }))}
      />
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          <h3 className="mb-1 text-xs font-semibold text-slate-400">Requested (spec.updates)</h3>
          <UpdatesTable updates={view.requested} testId="components-requested" empty="No update requested." />
        </div>
        <div>
          <h3 className="mb-1 text-xs font-semibold text-slate-400">Last applied (status.updates)</h3>
          <UpdatesTable updates={view.applied} testId="components-applied" empty="None applied yet." />
        </div>
      </div>
      <div className="mt-4">
        <Fields
          items={[
            ...view.conditions.map((condition): [string, string] => [
              condition.type,
              `${condition.status}${condition.reason ? ` · ${condition.reason}` : ''}${condition.message ? ` · ${condition.message}` : ''}`,
            ]),
            ['Reported', view.lastUpdated ?? '—'],
          ]}
        />
      </div>
      <p className="mt-2 text-xs text-slate-400">
        A requested update is not flashed now: BMO flashes it at the host&apos;s next cleaning (it cleans an
        available host for it, which reboots the host) or, on a provisioned host whose HostUpdatePolicy allows
        it, at its next servicing.
      </p>
      {canAct(viewer, 'operator') && <RequestForm namespace={namespace} name={name} view={view} />}
    </Panel>
  );
}
