'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useState } from 'react';
import type { BulkJobView } from '@/server/api/bulk/bulk-store';
import type { BulkOutcome } from '@/server/api/bulk/bulk-plan';
import { bulkKindOf } from '@/server/schemas/bulk-actions';
import { canAct, useViewer } from '../access/use-viewer';
import { ConsoleLink } from '../console-link';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { buttonClass } from '../ui/modal-dialog';
import { ErrorBox, Fields, Panel } from '../ui/panel';
import { PlainTable } from '../ui/plain-table';
import { countOf, jobActionLabel, OUTCOME_LABELS, OUTCOME_TONES } from './bulk-outcomes';

const FILTERS: (BulkOutcome | undefined)[] = [undefined, 'done', 'skipped', 'failed', 'cancelled', 'not-run'];

function ProgressBar({ job }: { job: BulkJobView }) {
  const finished = job.total - job.tally.pending;
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Finished"
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={finished}
        className="h-2 overflow-hidden rounded bg-slate-800"
      >
        <div
          className="h-full bg-sky-500"
          style={{ width: `${(100 * finished) / Math.max(1, job.total)}%` }}
        />
      </div>
      <p className="text-sm text-slate-300" data-testid="bulk-progress">
        {job.progress}
      </p>
    </div>
  );
}

/**
 * One bulk job: its progress live (and a cancel while it runs), then every host's outcome with its
 * reason, read from the server: the page survives a reload and shows another user's job alike.
 */
export function BulkJobPage({ id }: { id: string }) {
  const trpc = useTRPC();
  const operator = canAct(useViewer(), 'operator');
  const [outcome, setOutcome] = useState<BulkOutcome | undefined>();
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const [live, setLive] = useState<BulkJobView | null>();
  // The results page is read again whenever the tally moves (a `same` message changes nothing).
  useSubscription(
    trpc.bulk.progress.subscriptionOptions(
      { id },
      {
        onData: (message) => {
          if (!('view' in message)) return;
          setLive(message.view);
          void queryClient.invalidateQueries({ queryKey: trpc.bulk.get.queryKey() });
        },
      },
    ),
  );
  const results = useQuery(
    trpc.bulk.get.queryOptions(
      { id, page, pageSize: 100, ...(outcome ? { outcome } : {}) },
      { placeholderData: (previous) => previous },
    ),
  );
  const job = live ?? results.data?.job;
  const cancel = useMutation(trpc.bulk.cancel.mutationOptions());
  if (results.error && !job) return <ErrorBox testId="bulk-job-error">{errorText(results.error)}</ErrorBox>;
  if (!job) return <p className="text-sm text-slate-400">Loading the job…</p>;
  const rows = results.data?.results;
  const machines = bulkKindOf(job.action) === 'hardware';
  return (
    <section className="space-y-3" data-testid="bulk-job">
      <h1 className="text-xl font-semibold">
        {jobActionLabel(job.action)} on {countOf(job.action, job.total)}{' '}
        <span className="text-base font-normal text-slate-400" data-testid="bulk-state">
          {job.state}
        </span>
      </h1>
      <Panel
        title="Progress"
        actions={
          operator &&
          job.state === 'running' && (
            <button
              type="button"
              data-testid="bulk-cancel"
              className={buttonClass.secondary}
              disabled={cancel.isPending}
              onClick={() => {
                cancel.mutate({ id });
              }}
            >
              Cancel the rest
            </button>
          )
        }
      >
        <ProgressBar job={job} />
        {cancel.error && <p className="mt-2 text-sm text-red-300">{errorText(cancel.error)}</p>}
        <div className="mt-3">
          <Fields
            items={[
              ['Started', `${job.createdAt} by ${job.actor}`],
              ['Ended', job.finishedAt],
              ['Filter', <code key="filter">{JSON.stringify(job.filter)}</code>],
              ['Pace', <code key="options">{JSON.stringify(job.options)}</code>],
            ]}
          />
        </div>
      </Panel>
      <Panel title={machines ? 'Machines' : 'Hosts'} testId="bulk-results">
        <div className="mb-2 flex flex-wrap gap-1 text-sm" role="group" aria-label="Show">
          {FILTERS.map((value) => (
            <button
              key={value ?? 'all'}
              type="button"
              aria-pressed={outcome === value}
              onClick={() => {
                setOutcome(value);
                setPage(1);
              }}
              className={`rounded px-2 py-0.5 ${outcome === value ? 'bg-slate-700' : 'hover:bg-slate-800'}`}
            >
              {value ? `${OUTCOME_LABELS[value]} (${job.tally[value]})` : `all (${job.total})`}
            </button>
          ))}
        </div>
        <PlainTable
          testId="bulk-result"
          empty={`No ${machines ? 'machine' : 'host'} with this outcome.`}
          headers={[machines ? 'MAC' : 'Host', 'Outcome', machines ? 'Why, or what was made' : 'Why']}
          rows={(rows?.rows ?? []).map((row) => ({
            key: String(row.seq),
            cells: [
              <ConsoleLink
                key="host"
                href={
                  machines
                    ? `/hardware/${encodeURIComponent(row.name)}`
                    : `/hosts/${row.namespace}/${row.name}`
                }
                className={`text-sky-300 ${machines ? 'font-mono' : ''}`}
              >
                {machines ? row.name : `${row.namespace}/${row.name}`}
              </ConsoleLink>,
              <span key="outcome" data-testid={`outcome-${row.name}`} className={OUTCOME_TONES[row.outcome]}>
                {OUTCOME_LABELS[row.outcome]}
              </span>,
              row.reason ?? '',
            ],
          }))}
        />
        {rows && rows.pageCount > 1 && (
          <div className="mt-2 flex items-center gap-2 text-sm">
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </button>
            <span>
              page {rows.page} of {rows.pageCount}
            </span>
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={page >= rows.pageCount}
              onClick={() => setPage(page + 1)}
            >
              Next
            </button>
          </div>
        )}
      </Panel>
    </section>
  );
}
