'use client';

import { useMutation } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { InspectionEntryView, InspectionHistoryView } from '@/server/api/inspection/inspection-view';
import type { LiveMessage } from '@/server/types/live-message';
import { canAct, useViewer } from '../access/use-viewer';
import { HostSubpageHeader } from '../hosts/host-subpage-header';
import { useTRPC } from '../trpc/trpc';
import { LiveDetail } from '../ui/detail-page';
import { errorText } from '../ui/errors';
import { Empty, ErrorBox, Panel } from '../ui/panel';
import { buttonClass, PlainTable } from '../ui/plain-table';
import { useLiveObject } from '../ui/use-stable-table';
import { ChangeList } from './change-list';
import { changeWords } from './change-words';

function Latest({ namespace, name, entry }: { namespace: string; name: string; entry: InspectionEntryView }) {
  const trpc = useTRPC();
  const viewer = useViewer();
  const acknowledge = useMutation(trpc.inspection.acknowledge.mutationOptions());
  if (entry.baseline) {
    return (
      <p className="text-sm text-slate-300" data-testid="inspection-baseline">
        The first inspection recorded ({new Date(entry.at).toLocaleString()}): the baseline later inspections
        are compared with.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-300">
        Inspected {new Date(entry.at).toLocaleString()}, compared with the inspection before:
      </p>
      <ChangeList changes={entry.changes} testId="inspection-latest-diff" />
      {entry.lost && entry.acknowledged && (
        <p className="text-xs text-slate-400" data-testid="inspection-acknowledged">
          Loss acknowledged by {entry.acknowledged.by} on {new Date(entry.acknowledged.at).toLocaleString()}.
        </p>
      )}
      {entry.lost && !entry.acknowledged && canAct(viewer, 'operator') && (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={buttonClass}
            data-testid="inspection-acknowledge"
            disabled={acknowledge.isPending}
            onClick={() => {
              acknowledge.mutate({ namespace, name, id: entry.id });
            }}
          >
            Acknowledge the loss
          </button>
          <span className="text-xs text-slate-400">
            The overview stops raising this host until an inspection finds a change again.
          </span>
        </div>
      )}
      {acknowledge.isError && <ErrorBox>{errorText(acknowledge.error)}</ErrorBox>}
    </div>
  );
}

function historyRows(entries: readonly InspectionEntryView[]) {
  return entries.map((entry) => ({
    key: entry.id,
    cells: [
      new Date(entry.at).toLocaleString(),
      `${entry.found.cpus ?? '—'} CPUs · ${entry.found.ramMebibytes ?? '—'} MiB · ${entry.found.nics} NICs · ${entry.found.disks} disks`,
      entry.found.bios ?? '—',
      entry.baseline ? (
        <span className="text-slate-400">baseline</span>
      ) : (
        <span className={entry.lost ? 'text-red-300' : undefined}>
          {entry.changes.map(changeWords).join('; ')}
        </span>
      ),
    ],
  }));
}

function InspectionBody({
  namespace,
  name,
  view,
}: {
  namespace: string;
  name: string;
  view: InspectionHistoryView;
}) {
  const [latest] = view.entries;
  return (
    <>
      <Panel title="Latest inspection" testId="inspection-latest">
        {latest ? (
          <Latest namespace={namespace} name={name} entry={latest} />
        ) : (
          <Empty>
            No inspection recorded yet: the history starts with the host&apos;s first HardwareData seen by
            this console.
          </Empty>
        )}
      </Panel>
      <Panel title={`History (${view.entries.length})`}>
        <PlainTable
          headers={['Inspected', 'Found', 'BIOS', 'Changes from the one before']}
          rows={historyRows(view.entries)}
          empty="No inspections recorded."
          testId="inspection-history"
        />
      </Panel>
    </>
  );
}

/** A host's inspection history (its HardwareData over time), live, the newest diff first. */
export function InspectionPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const live = useLiveObject<InspectionHistoryView>();
  const subscription = useSubscription(
    trpc.inspection.history.subscriptionOptions(
      { namespace, name },
      {
        onData: (message: LiveMessage<InspectionHistoryView>) => {
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
        section="Inspection"
        title="Inspections of"
        reads="HardwareData"
        testId="inspection-title"
        receivedAt={live.receivedAt}
      />
      <p className="text-xs text-slate-400">
        Each inspection that found different hardware is kept (the newest 20). Inspection reports total
        memory, not DIMMs: a DIMM taken out or failed shows as less memory, without its slot. NICs are matched
        by MAC, disks by serial number (else WWN, else device name).
      </p>
      <LiveDetail
        subscription={subscription}
        received={live.view !== undefined}
        item={live.view}
        loading="Loading inspections…"
        notFound={null}
      >
        {(view) => <InspectionBody namespace={namespace} name={name} view={view} />}
      </LiveDetail>
    </section>
  );
}
