import { EventEmitter } from 'node:events';
import { TRPCError } from '@trpc/server';
import { EVERY_NAMESPACE, type NamespaceScope } from '../../access/namespace-scope';
import type { Runtime } from '../../runtime';
import { BULK_NOUNS } from '../../schemas/bulk-actions';
import { jobSpecOf, planOf, runTurn, storedOptions, type BulkJobSpec } from './bulk-kinds';
import { runPaced, type PaceClock, realClock } from './bulk-pacing';
import { sampleOf, type BulkTarget } from './bulk-plan';
import {
  createJob,
  endJob,
  heartbeat,
  INTERRUPTED,
  interruptJobs,
  pruneJobs,
  recordOutcomes,
  type BulkOutcomeEntry,
} from './bulk-store';
import type { BulkRequester } from './bulk-turn';
import { MAX_RUNNING_JOBS, type BulkPreviewInput, type BulkStartInput } from './start.schema';

/** Outcomes are written in batches at this pace (and the job's heartbeat with them). */
const FLUSH_MS = 500;
/** A running job whose heartbeat is older than this lost its server: another one ends it as interrupted. */
export const STALE_JOB_MS = 30_000;
const SWEEP_MS = 10_000;
const STOPPING = 'the server is stopping';

export interface BulkPreview {
  count: number;
  sample: string[];
}

/**
 * Runs bulk jobs in this process: resolves the filter against the list's rows when a job starts, runs
 * the action host by host at the chosen pace, records each outcome, and ends jobs that are cancelled
 * (here or by another replica, through the database) or whose server went away. Emits `progress` with
 * a job's id whenever its recorded outcomes change.
 */
export class BulkRunner extends EventEmitter<{ progress: [jobId: string] }> {
  private readonly running = new Map<string, AbortController>();
  private readonly finished = new Set<Promise<void>>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly runtime: Runtime,
    private readonly identity: string,
    private readonly log: (line: string) => void,
    private readonly clock: PaceClock = realClock,
  ) {
    super();
    this.setMaxListeners(0);
  }

  /**
   * Ends the jobs a stopped server left running: now those on record as this server's (a restarted
   * container keeps its name and often its pid), and every little while those whose heartbeat stopped.
   */
  async open(): Promise<void> {
    await interruptJobs(this.runtime.db, { runner: this.identity });
    await this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  private async sweep(): Promise<void> {
    try {
      const ended = await interruptJobs(this.runtime.db, { staleMs: STALE_JOB_MS });
      for (const id of ended) this.emit('progress', id);
    } catch (error) {
      this.log(`ending bulk jobs left running failed: ${messageOf(error)}`);
    }
  }

  /** `scope`: the namespaces of the caller, whose hosts alone are counted and acted on. */
  preview(input: BulkPreviewInput, scope: NamespaceScope = EVERY_NAMESPACE): BulkPreview {
    const plan = this.plan(input, scope);
    return { count: plan.length, sample: sampleOf(plan) };
  }

  private plan(input: BulkPreviewInput, scope: NamespaceScope): BulkTarget[] {
    const plan = planOf(this.runtime, input, scope);
    if (!plan.ok) throw new TRPCError({ code: 'BAD_REQUEST', message: plan.message });
    return plan.targets;
  }

  /**
   * `acting`: the runtime every turn changes its target through (the requester's, when acting as them);
   * `scope`: the requester's namespaces, the only ones the job selects and acts in.
   */
  async start(
    input: BulkStartInput,
    requester: BulkRequester,
    acting: Runtime = this.runtime,
    scope: NamespaceScope = EVERY_NAMESPACE,
  ): Promise<{ id: string; total: number }> {
    if (this.running.size >= MAX_RUNNING_JOBS) {
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: `${MAX_RUNNING_JOBS} bulk jobs are running; start this one when one of them has ended`,
      });
    }
    const targets = this.plan(input, scope);
    if (targets.length !== input.confirmedCount) {
      throw new TRPCError({
        code: 'CONFLICT',
        message: `the filter now matches ${targets.length} ${BULK_NOUNS[input.kind]}, not the ${input.confirmedCount} you confirmed; nothing was started: look again`,
      });
    }
    const id = await createJob(this.runtime.db, {
      actor: requester.actor,
      action: input.action,
      filter: input.filter,
      options: storedOptions(input),
      runner: this.identity,
      targets,
    });
    const controller = new AbortController();
    this.running.set(id, controller);
    const job = jobSpecOf(id, input);
    const done = this.run(job, targets, input, { requester, acting, scope }, controller.signal)
      .catch((error: unknown) => this.log(`bulk job ${id} stopped: ${messageOf(error)}`))
      .finally(() => {
        this.running.delete(id);
        this.finished.delete(done);
        this.emit('progress', id);
      });
    this.finished.add(done);
    void pruneJobs(this.runtime.db).catch((error: unknown) => {
      this.log(`pruning old bulk jobs failed: ${messageOf(error)}`);
    });
    return { id, total: targets.length };
  }

  private async run(
    job: BulkJobSpec,
    targets: BulkTarget[],
    input: BulkStartInput,
    { requester, acting, scope }: { requester: BulkRequester; acting: Runtime; scope: NamespaceScope },
    signal: AbortSignal,
  ): Promise<void> {
    const db = this.runtime.db;
    let buffer: BulkOutcomeEntry[] = [];
    const flush = async () => {
      const entries = buffer;
      buffer = [];
      if (entries.length > 0) await recordOutcomes(db, job.id, entries);
      else await heartbeat(db, job.id);
      this.emit('progress', job.id);
      // Cancelled elsewhere (another replica ended it in the database): stop starting hosts here too.
      const state = await db.bulkJob.findUnique({ where: { id: job.id }, select: { state: true } });
      if (state?.state !== 'running') this.running.get(job.id)?.abort('cancelled');
    };
    let flushing = Promise.resolve();
    const timer = setInterval(() => {
      flushing = flushing.then(flush).catch((error: unknown) => {
        this.log(`recording bulk job ${job.id} outcomes failed: ${messageOf(error)}`);
      });
    }, FLUSH_MS);
    try {
      await runPaced(
        targets.length,
        input.options,
        async (seq) => {
          const target = targets[seq];
          if (!target) return;
          const outcome = await runTurn(acting, job, target, requester, scope);
          // Only now: a flush during the host's turn replaced the buffer.
          buffer.push({ seq, ...outcome });
        },
        signal,
        this.clock,
      );
    } finally {
      clearInterval(timer);
      await flushing;
      await flush();
    }
    if (signal.reason === STOPPING) {
      await endJob(db, job.id, 'interrupted', INTERRUPTED);
    } else if (signal.aborted) {
      await endJob(db, job.id, 'cancelled', {
        outcome: 'cancelled',
        reason: `${String(signal.reason)} before this host’s turn`,
      });
    } else {
      await endJob(db, job.id, 'finished', { outcome: 'not-run', reason: 'not reached' });
    }
  }

  /**
   * Cancels a job: hosts not yet started are not run; the ones in flight finish. A job another replica
   * runs is ended in the database, and that replica stops at its next write.
   */
  async cancel(id: string, actor: string): Promise<'cancelled' | 'not-running'> {
    const ended = await this.runtime.db.bulkJob.updateMany({
      where: { id, state: 'running' },
      data: { state: 'cancelled', finishedAt: new Date() },
    });
    if (ended.count === 0) return 'not-running';
    this.log(`bulk job ${id} cancelled by ${actor}`);
    this.running.get(id)?.abort(`cancelled by ${actor}`);
    if (!this.running.has(id)) {
      await endJob(this.runtime.db, id, 'cancelled', {
        outcome: 'cancelled',
        reason: `cancelled by ${actor} before this host’s turn`,
      });
    }
    this.emit('progress', id);
    return 'cancelled';
  }

  /** At shutdown: stops starting hosts, lets those in flight finish, ends the jobs as interrupted. */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const controller of this.running.values()) controller.abort(STOPPING);
    await Promise.all(this.finished);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
