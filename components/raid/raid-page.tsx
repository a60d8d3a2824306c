'use client';

import { useMutation } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useState } from 'react';
import type { RaidMessage, RaidView } from '@/server/api/firmware/raid-view';
import { sameRaid } from '@/server/schemas/raid-apply';
import type { RaidConfig } from '@/server/schemas/raid-rules';
import type { LiveMessage } from '@/server/types/live-message';
import { canAct, useViewer } from '../access/use-viewer';
import { HostSubpageHeader } from '../hosts/host-subpage-header';
import { useTRPC } from '../trpc/trpc';
import { LiveDetail } from '../ui/detail-page';
import { errorText } from '../ui/errors';
import { ChangesTable } from '../ui/form-kit/edit-changes';
import { bytesText } from '../ui/format';
import { ErrorBox, Fields, Panel } from '../ui/panel';
import { buttonClass } from '../ui/plain-table';
import { useLiveObject } from '../ui/use-stable-table';
import { RaidEditor } from './raid-editor';
import { RaidLayoutTable } from './raid-layout-table';
import { draftChanges, draftProblems, raidOf, type RaidForm } from './raid-draft';

function Summary({ view }: { view: RaidView }) {
  return (
    <Panel title="RAID">
      <Fields
        items={[
          ['Host state', <span data-testid="raid-state">{view.state || 'not registered yet'}</span>],
          ['A change takes effect', <span data-testid="raid-takes-effect">{view.takesEffect}</span>],
          [
            'BMC driver',
            `${view.driver}${view.hardwareRaid ? '' : ' (no hardware RAID: software volumes only)'}`,
          ],
          ['Waiting for a cleaning', <span data-testid="raid-pending">{view.pending ? 'yes' : 'no'}</span>],
          [
            'Disks found by inspection',
            view.disks.length === 0
              ? 'none reported'
              : view.disks
                  .map((disk) =>
                    [disk.name, disk.type, disk.sizeBytes === undefined ? '' : bytesText(disk.sizeBytes)]
                      .filter(Boolean)
                      .join(' '),
                  )
                  .join(' · '),
          ],
        ]}
      />
      {view.error !== undefined && (
        <ErrorBox testId="raid-error">The last cleaning failed: {view.error}</ErrorBox>
      )}
      <p className="mt-2 text-xs text-slate-400">
        The host operator makes a RAID layout only while preparing the host (the cleaning of an available
        host, or the one after inspection), which erases the disks the layout uses. No spec.raid keeps the
        hardware volumes there are and removes software RAID.
      </p>
    </Panel>
  );
}

interface Draft {
  form: RaidForm;
  /** spec.raid when the edit began: the write is refused if it changed since. */
  before: RaidConfig | undefined;
}

function RaidBody({ namespace, name, view }: { namespace: string; name: string; view: RaidView }) {
  const trpc = useTRPC();
  const viewer = useViewer();
  const [draft, setDraft] = useState<Draft | undefined>();
  const change = useMutation(
    trpc.firmware.raidChange.mutationOptions({
      onSuccess: (answer) => {
        if (answer.status === 'written') setDraft(undefined);
      },
    }),
  );
  const context = { driver: view.driver, rootDeviceHints: view.rootDeviceHints };
  const changes = draft ? draftChanges(draft.before, draft.form) : [];
  const problems = draft ? draftProblems(draft.form, context) : {};
  const blocked = Object.keys(problems).length > 0;
  const moved = draft !== undefined && !sameRaid(draft.before, view.wanted);
  return (
    <>
      <Summary view={view} />
      <Panel title="Applied (status.provisioning.raid)">
        <RaidLayoutTable
          raid={view.applied}
          testId="raid-applied"
          empty="No layout recorded: the host operator has not made one for this host."
        />
      </Panel>
      <Panel title="Wanted (spec.raid)">
        <RaidLayoutTable raid={view.wanted} testId="raid-wanted" empty="No spec.raid." />
      </Panel>
      {canAct(viewer, 'operator') && (
        <Panel title={`Edit the layout · pending change (${changes.length})`}>
          <RaidEditor
            form={draft?.form}
            wanted={view.wanted}
            problems={{ ...(change.data?.status === 'rejected' ? change.data.fieldErrors : {}), ...problems }}
            onChange={(form) => {
              setDraft((current) => ({ form, before: current ? current.before : view.wanted }));
            }}
          />
          <h3 className="mb-1 mt-4 text-xs font-semibold uppercase text-slate-400">Pending change</h3>
          <ChangesTable changes={changes} testId="raid-diff" empty="No change yet: edit the layout above." />
          {moved && (
            <ErrorBox>
              spec.raid changed since you began editing; writing will be refused. Discard to start from it.
            </ErrorBox>
          )}
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={buttonClass}
              data-testid="raid-write"
              disabled={
                !draft || changes.length === 0 || blocked || change.isPending || !view.resourceVersion
              }
              onClick={() => {
                if (!draft) return;
                change.mutate({
                  namespace,
                  name,
                  resourceVersion: view.resourceVersion ?? '',
                  before: draft.before ?? null,
                  raid: raidOf(draft.form).raid,
                });
              }}
            >
              Write spec.raid
            </button>
            <button
              type="button"
              className={buttonClass}
              disabled={!draft}
              onClick={() => {
                setDraft(undefined);
                change.reset();
              }}
            >
              Discard
            </button>
            {blocked && (
              <span className="text-xs text-red-300">
                Fix the problems listed above first: nothing is written until BMO&apos;s rules accept the
                layout.
              </span>
            )}
          </div>
          {change.isError && <ErrorBox>{errorText(change.error)}</ErrorBox>}
          {change.data?.status === 'rejected' && (
            <ErrorBox testId="raid-rejected">{change.data.message}</ErrorBox>
          )}
          {change.data?.status === 'written' && (
            <p className="mt-2 text-sm text-emerald-300" data-testid="raid-written">
              Written to the host&apos;s spec.raid; it takes effect {view.takesEffect}.
            </p>
          )}
        </Panel>
      )}
    </>
  );
}

/** A host's RAID layout (spec.raid and status.provisioning.raid), live, with the editor. */
export function RaidPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const live = useLiveObject<RaidMessage>();
  const subscription = useSubscription(
    trpc.firmware.raid.subscriptionOptions(
      { namespace, name },
      {
        onData: (message: LiveMessage<RaidMessage>) => {
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
        section="RAID"
        title="RAID layout of"
        reads="BareMetalHost"
        testId="raid-title"
        links={[{ path: 'firmware', label: 'firmware settings' }]}
        receivedAt={live.receivedAt}
      />
      <LiveDetail
        subscription={subscription}
        received={live.view !== undefined}
        item={live.view?.found ? live.view.raid : undefined}
        loading="Loading the RAID layout…"
        notFound={`No BareMetalHost ${name} in namespace ${namespace}.`}
      >
        {(view) => <RaidBody namespace={namespace} name={name} view={view} />}
      </LiveDetail>
    </section>
  );
}
