'use client';

import { useQuery } from '@tanstack/react-query';
import { ConsoleLink } from '../console-link';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { ErrorBox } from '../ui/panel';
import { PlainTable } from '../ui/plain-table';
import { jobActionLabel } from './bulk-outcomes';

/** The newest bulk jobs, each with its state and tally: where a job is found again after a reload. */
export function BulkJobsPage() {
  const trpc = useTRPC();
  const jobs = useQuery(trpc.bulk.list.queryOptions(undefined, { refetchInterval: 5_000 }));
  return (
    <section className="space-y-3">
      <h1 className="text-xl font-semibold">Bulk jobs</h1>
      {jobs.error && <ErrorBox>{errorText(jobs.error)}</ErrorBox>}
      <PlainTable
        testId="bulk-jobs"
        empty={
          jobs.isPending ? 'Loading…' : 'No bulk jobs yet: start one from the hosts, racks or unleased list.'
        }
        headers={['Started', 'By', 'Action', 'State', 'Progress']}
        rows={(jobs.data ?? []).map((job) => ({
          key: job.id,
          cells: [
            <ConsoleLink key="at" href={`/bulk/${job.id}`} className="text-sky-300 hover:underline">
              {job.createdAt}
            </ConsoleLink>,
            job.actor,
            jobActionLabel(job.action),
            job.state,
            job.progress,
          ],
        }))}
      />
    </section>
  );
}
