'use client';

import { useMutation } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useState } from 'react';
import type { FirmwareView } from '@/server/api/firmware/firmware-view';
import type { FirmwarePageView } from '@/server/api/firmware/settings.handler';
import type { LiveMessage } from '@/server/types/live-message';
import { canAct, useViewer } from '../access/use-viewer';
import { HostSubpageHeader } from '../hosts/host-subpage-header';
import { useTRPC } from '../trpc/trpc';
import { LiveDetail } from '../ui/detail-page';
import { errorText } from '../ui/errors';
import { ChangesTable } from '../ui/form-kit/edit-changes';
import { ErrorBox, Fields, Panel } from '../ui/panel';
import { buttonClass, inputClass } from '../ui/plain-table';
import { useLiveObject } from '../ui/use-stable-table';
import { FirmwareComponents } from './firmware-components';
import { draftChanges, draftedSettings, draftProblems, type Draft } from './firmware-draft';
import { FirmwareSettingsTable } from './firmware-settings-table';

function Summary({ view }: { view: FirmwareView }) {
  return (
    <Panel title="Firmware">
      <Fields
        items={[
          [
            'Schema',
            view.schema ? (
              <span>
                <span className="font-mono">{view.schema.name}</span>
                {view.schema.vendor ? ` (${view.schema.vendor} ${view.schema.model ?? ''})` : ''}
              </span>
            ) : (
              'none'
            ),
          ],
          ...view.conditions.map((condition): [string, string] => [
            condition.type,
            `${condition.status}${condition.reason ? ` · ${condition.reason}` : ''}${condition.message ? ` · ${condition.message}` : ''}`,
          ]),
          ['Reported', view.lastUpdated ?? '—'],
        ]}
      />
      <p className="mt-2 text-xs text-slate-400">
        A change is written to the host&apos;s firmware during its next cleaning (the host operator cleans an
        available host for it), which reboots the host; the schema does not say which settings need a reset,
        so every change is treated as one.
      </p>
    </Panel>
  );
}

function FirmwareBody({
  namespace,
  name,
  view,
}: {
  namespace: string;
  name: string;
  view: FirmwarePageView;
}) {
  const trpc = useTRPC();
  const viewer = useViewer();
  const editable = view.readOnly === undefined && canAct(viewer, 'operator');
  const [draft, setDraft] = useState<Draft>({});
  const [search, setSearch] = useState('');
  const change = useMutation(
    trpc.firmware.change.mutationOptions({
      onSuccess: (answer) => {
        if (answer.status === 'written') setDraft({});
      },
    }),
  );
  const changes = draftChanges(view.settings, draft);
  const schemaProblems = draftProblems(view.settings, draft);
  const problems = {
    ...(change.data?.status === 'rejected' ? change.data.fieldErrors : {}),
    ...schemaProblems,
  };
  const blocked = Object.keys(schemaProblems).length > 0;
  const needle = search.trim().toLowerCase();
  const rows = needle
    ? view.settings.filter((row) => row.name.toLowerCase().includes(needle))
    : view.settings;
  return (
    <>
      {view.readOnly && (
        <p
          className="rounded border border-amber-700/60 bg-amber-950/40 p-3 text-sm text-amber-200"
          data-testid="firmware-read-only"
        >
          {view.readOnly}
        </p>
      )}
      <Summary view={view} />
      {editable && (
        <Panel title={`Pending change (${changes.length})`}>
          <ChangesTable
            changes={changes}
            testId="firmware-diff"
            empty="No change yet: edit a value in the table below."
          />
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={buttonClass}
              data-testid="firmware-apply"
              disabled={changes.length === 0 || blocked || change.isPending || !view.resourceVersion}
              onClick={() => {
                change.mutate({
                  namespace,
                  name,
                  resourceVersion: view.resourceVersion ?? '',
                  settings: draftedSettings(view.settings, draft),
                });
              }}
            >
              Write for the next cleaning
            </button>
            <button
              type="button"
              className={buttonClass}
              disabled={changes.length === 0}
              onClick={() => {
                setDraft({});
                change.reset();
              }}
            >
              Discard
            </button>
            {blocked && (
              <span className="text-xs text-red-300">
                Fix the marked values first: nothing is written until the schema accepts them.
              </span>
            )}
          </div>
          {change.isError && <ErrorBox>{errorText(change.error)}</ErrorBox>}
          {change.data?.status === 'rejected' && (
            <ErrorBox testId="firmware-rejected">{change.data.message}</ErrorBox>
          )}
          {change.data?.status === 'written' && (
            <p className="mt-2 text-sm text-emerald-300" data-testid="firmware-written">
              Written to the host&apos;s HostFirmwareSettings; the host operator applies it at the next
              cleaning.
            </p>
          )}
        </Panel>
      )}
      <Panel title={`Settings (${view.settings.length})`}>
        <label className="mb-3 flex items-center gap-2 text-sm text-slate-300">
          Search
          <input
            type="search"
            className={inputClass}
            data-testid="firmware-search"
            value={search}
            maxLength={200}
            placeholder="Setting name"
            onChange={(event) => {
              setSearch(event.target.value);
            }}
          />
        </label>
        <FirmwareSettingsTable
          rows={rows}
          editable={editable}
          draft={draft}
          problems={problems}
          onDraft={(setting, value) => {
            setDraft((current) => ({ ...current, [setting]: value }));
          }}
        />
      </Panel>
      <FirmwareComponents namespace={namespace} name={name} view={view.components} />
    </>
  );
}

/**
 * A host's firmware settings (HostFirmwareSettings with its FirmwareSchema) with the editor, and its
 * firmware components (HostFirmwareComponents) with update requests, live.
 */
export function FirmwarePage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const live = useLiveObject<FirmwarePageView>();
  const subscription = useSubscription(
    trpc.firmware.settings.subscriptionOptions(
      { namespace, name },
      {
        onData: (message: LiveMessage<FirmwarePageView>) => {
          live.receive(message);
        },
      },
    ),
  );
  return (
    <section className="space-y-4">
      <HostSubpageHeader
        namespace={namespace}
        name={name}
        section="Firmware"
        title="Firmware settings of"
        reads="HostFirmwareSettings, HostFirmwareComponents"
        testId="firmware-title"
        links={[{ path: 'raid', label: 'RAID layout', testId: 'firmware-raid-link' }]}
        receivedAt={live.receivedAt}
      />
      <LiveDetail
        subscription={subscription}
        received={live.view !== undefined}
        item={live.view}
        loading="Loading firmware settings…"
        notFound={null}
      >
        {(view) => <FirmwareBody namespace={namespace} name={name} view={view} />}
      </LiveDetail>
    </section>
  );
}
