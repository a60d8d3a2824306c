/**
 * Bulk jobs and their hosts' outcomes in PostgreSQL: written as the runner goes, read by the console
 * (a reload or another replica sees the same job), bounded in number.
 */
import type { NamespaceScope } from '../../access/namespace-scope';
import { allInScope } from '../../access/scope-filters';
import type { DbClient } from '../../db/client';
import { storableValues } from '../../db/plain-text';
import { cutText } from '../../access/audit-log';
import { tallyOf, tallyText, type BulkOutcome, type BulkTally, type BulkTarget } from './bulk-plan';
import type { JobAction } from '../../schemas/bulk-actions';

export const JOB_STATES = ['running', 'finished', 'cancelled', 'interrupted'] as const;
export type BulkJobState = (typeof JOB_STATES)[number];

/** Jobs kept; older ones (and their results) are deleted when a new one starts. */
export const KEPT_JOBS = 200;
const INSERT_CHUNK = 1000;

export interface NewBulkJob {
  actor: string;
  action: JobAction;
  filter: object;
  options: object;
  runner: string;
  targets: readonly BulkTarget[];
}

export interface BulkJobView {
  id: string;
  createdAt: string;
  actor: string;
  action: string;
  /** As written by createJob: always objects. */
  filter: object;
  options: object;
  state: BulkJobState;
  total: number;
  finishedAt: string | null;
  tally: BulkTally;
  progress: string;
}

export interface BulkResultRow {
  seq: number;
  namespace: string;
  name: string;
  outcome: BulkOutcome;
  reason: string | null;
  at: string | null;
}

export interface BulkOutcomeEntry {
  seq: number;
  outcome: BulkOutcome;
  reason?: string | undefined;
}

/** The job and every host as pending, in one transaction: a job is never half-created. */
export async function createJob(db: DbClient, job: NewBulkJob): Promise<string> {
  return db.$transaction(async (tx) => {
    const { id } = await tx.bulkJob.create({
      data: storableValues({
        actor: job.actor,
        action: job.action,
        filter: job.filter,
        options: job.options,
        state: 'running',
        total: job.targets.length,
        runner: job.runner,
      }),
      select: { id: true },
    });
    for (let start = 0; start < job.targets.length; start += INSERT_CHUNK) {
      await tx.bulkJobResult.createMany({
        data: job.targets.slice(start, start + INSERT_CHUNK).map((target, offset) => ({
          jobId: id,
          seq: start + offset,
          namespace: target.namespace,
          name: target.name,
          outcome: 'pending',
        })),
      });
    }
    return id;
  });
}

/** Many hosts' outcomes in one statement (the runner buffers them), the job's heartbeat with them. */
export async function recordOutcomes(db: DbClient, jobId: string, entries: readonly BulkOutcomeEntry[]) {
  if (entries.length === 0) return;
  const reasons = entries.map((entry) => (entry.reason ? cutText(entry.reason) : null));
  await db.$sqlRows(
    `UPDATE bulk_job_results AS r SET outcome = u.outcome, reason = u.reason, at = now()
     FROM unnest($2::int[], $3::text[], $4::text[]) AS u(seq, outcome, reason)
     WHERE r.job_id = $1::uuid AND r.seq = u.seq`,
    [jobId, entries.map((e) => e.seq), entries.map((e) => e.outcome), storableValues(reasons)],
  );
  await heartbeat(db, jobId);
}

export async function heartbeat(db: DbClient, jobId: string): Promise<void> {
  await db.$sqlRows('UPDATE bulk_jobs SET heartbeat_at = now() WHERE id = $1::uuid', [jobId]);
}

/** Ends a job: its hosts still pending get `leftover` with `reason`; done ones stay as they are. */
export async function endJob(
  db: DbClient,
  jobId: string,
  state: Exclude<BulkJobState, 'running'>,
  leftover: { outcome: BulkOutcome; reason: string },
): Promise<void> {
  await db.$transaction([
    db.bulkJobResult.updateMany({
      where: { jobId, outcome: 'pending' },
      data: { outcome: leftover.outcome, reason: leftover.reason, at: new Date() },
    }),
    db.bulkJob.updateMany({
      where: { id: jobId, state: 'running' },
      data: { state, finishedAt: new Date() },
    }),
  ]);
}

export const INTERRUPTED = {
  outcome: 'not-run',
  reason: 'the server running the job stopped before this host’s turn',
} as const;

/**
 * Ends as interrupted the running jobs whose runner stopped: this process's own when it stops, or any
 * whose heartbeat is older than `staleMs` (a replica that died without stopping). Answers their ids.
 */
export async function interruptJobs(
  db: DbClient,
  which: { runner: string } | { staleMs: number },
): Promise<string[]> {
  const jobs = await db.bulkJob.findMany({
    where: {
      state: 'running',
      ...('runner' in which
        ? { runner: which.runner }
        : { heartbeatAt: { lt: new Date(Date.now() - which.staleMs) } }),
    },
    select: { id: true },
  });
  for (const { id } of jobs) await endJob(db, id, 'interrupted', INTERRUPTED);
  return jobs.map((job) => job.id);
}

/** Keeps the newest KEPT_JOBS jobs (running ones always). */
export async function pruneJobs(db: DbClient): Promise<void> {
  const old = await db.bulkJob.findMany({
    where: { state: { not: 'running' } },
    orderBy: { createdAt: 'desc' },
    skip: KEPT_JOBS,
    select: { id: true },
  });
  if (old.length > 0) await db.bulkJob.deleteMany({ where: { id: { in: old.map((job) => job.id) } } });
}

async function tallyOfJob(db: DbClient, jobId: string): Promise<BulkTally> {
  const groups = await db.bulkJobResult.groupBy({ by: ['outcome'], where: { jobId }, _count: true });
  return tallyOf(groups.map((group) => ({ outcome: group.outcome, count: group._count })));
}

export type JobRecord = NonNullable<Awaited<ReturnType<DbClient['bulkJob']['findUnique']>>>;

/** A job as the console reads it: its record, its tally and the progress line. */
export function viewOf(job: JobRecord, tally: BulkTally): BulkJobView {
  return {
    id: job.id,
    createdAt: job.createdAt.toISOString(),
    actor: job.actor,
    action: job.action,
    filter: job.filter as object,
    options: job.options as object,
    state: job.state as BulkJobState,
    total: job.total,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    tally,
    progress: tallyText(tally, job.total),
  };
}

export async function readJob(db: DbClient, jobId: string): Promise<BulkJobView | undefined> {
  const job = await db.bulkJob.findUnique({ where: { id: jobId } });
  return job ? viewOf(job, await tallyOfJob(db, jobId)) : undefined;
}

export async function readResults(
  db: DbClient,
  jobId: string,
  query: { outcome?: BulkOutcome | undefined; page: number; pageSize: number },
) {
  const where = { jobId, ...(query.outcome ? { outcome: query.outcome } : {}) };
  const total = await db.bulkJobResult.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / query.pageSize));
  const page = Math.min(query.page, pageCount);
  const rows = await db.bulkJobResult.findMany({
    where,
    orderBy: { seq: 'asc' },
    skip: (page - 1) * query.pageSize,
    take: query.pageSize,
  });
  return {
    total,
    page,
    pageCount,
    pageSize: query.pageSize,
    rows: rows.map((row): BulkResultRow => ({
      seq: row.seq,
      namespace: row.namespace,
      name: row.name,
      outcome: row.outcome as BulkOutcome,
      reason: row.reason,
      at: row.at?.toISOString() ?? null,
    })),
  };
}

/** Of `ids`, the jobs whose hosts all live in the caller's namespaces (allInScope). */
async function jobIdsInScope(
  db: DbClient,
  scope: NamespaceScope,
  ids: readonly string[],
): Promise<Set<string>> {
  if (scope.all) return new Set(ids);
  const groups = await db.bulkJobResult.groupBy({
    by: ['jobId', 'namespace'],
    where: { jobId: { in: [...ids] } },
  });
  const namespaces = new Map<string, string[]>();
  for (const { jobId, namespace } of groups) {
    namespaces.set(jobId, [...(namespaces.get(jobId) ?? []), namespace]);
  }
  return new Set(ids.filter((id) => allInScope(scope, namespaces.get(id) ?? [])));
}

/** Whether the caller may see the job: it acts in their namespaces only (a missing job is not theirs). */
export async function jobInScope(db: DbClient, scope: NamespaceScope, jobId: string): Promise<boolean> {
  return (await jobIdsInScope(db, scope, [jobId])).has(jobId);
}

/**
 * The newest jobs the caller may see, each with its tally. For a caller bound to some namespaces every
 * kept job (KEPT_JOBS, and those running) is looked at, so that other namespaces' jobs take no room.
 */
export async function listJobs(db: DbClient, limit: number, scope: NamespaceScope): Promise<BulkJobView[]> {
  const candidates = await db.bulkJob.findMany({
    orderBy: { createdAt: 'desc' },
    ...(scope.all ? { take: limit } : {}),
  });
  const visible = await jobIdsInScope(
    db,
    scope,
    candidates.map((job) => job.id),
  );
  const jobs = candidates.filter((job) => visible.has(job.id)).slice(0, limit);
  return Promise.all(jobs.map(async (job) => viewOf(job, await tallyOfJob(db, job.id))));
}
