// npm run bench:bulk [-- --hosts 10000 --concurrency 50 --rate 100]
// A bulk power-off of every host (issue 49): on a throw-away local control plane and embedded PostgreSQL,
// seeds lab-shaped BareMetalHosts, starts the whole compiled server as `npm start` runs it (no lab, so
// nothing powers a host back on), confirms the count with bulk.preview and runs the job at the pace
// given, while /api/healthz is probed 10 times a second and the server's RSS read every 2 s. Reports the
// job's time, every host's outcome (the job's results are read back page by page and counted), healthz
// p50/p99 during the run and the RSS before, at the peak and after. A script, not a test: it asserts
// nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { BulkJobView, BulkResultRow } from '../../server/api/bulk/bulk-store';
import { MAX_BULK_HOSTS } from '../../server/api/bulk/start.schema';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { BULK_LIMITS } from '../../server/schemas/bulk-actions';
import { ensureNextBuild } from '../../tools/build/ensure-next-build';
import { ensureServerBuild } from '../../tools/build/build-server.mjs';
import { signInAsAdmin, type ConsoleClient } from '../../tools/testenv/console-client';
import { startServerProcess } from '../../tools/testenv/server-process';
import { quantile } from './bench-statistics';
import { memoryOf } from './process-memory';
import { describeLoadAverages } from './run-load';
import { seedLabHosts } from './seed-lab-hosts';
import { untilCached } from './server-metrics';
import { benchLog as log, withThrowawayCluster } from './throwaway-cluster';

const NAMESPACE = 'bench-bulk';
const HEALTHZ_EVERY_MS = 100;
const RSS_EVERY_MS = 2_000;
const RESULT_PAGE = 250;

const { values } = parseArgs({
  options: {
    hosts: { type: 'string', default: String(MAX_BULK_HOSTS) },
    concurrency: { type: 'string', default: String(BULK_LIMITS.concurrency[1]) },
    rate: { type: 'string', default: String(BULK_LIMITS.ratePerSecond[1]) },
  },
});
const hostCount = Number(values.hosts);
const concurrency = Number(values.concurrency);
const rate = Number(values.rate);
if (!Number.isInteger(hostCount) || hostCount < 1 || hostCount > MAX_BULK_HOSTS) {
  throw new Error(`--hosts must be a whole number in 1…${MAX_BULK_HOSTS}`);
}

/** Probes healthz until stopped; each answer's round trip in ms (a failed probe counts as Infinity). */
function probeHealthz(url: string): { stop: () => number[] } {
  const times: number[] = [];
  const timer = setInterval(() => {
    const started = performance.now();
    void fetch(`${url}/api/healthz`, { signal: AbortSignal.timeout(10_000) })
      .then((response) => {
        times.push(response.ok ? performance.now() - started : Infinity);
      })
      .catch(() => times.push(Infinity));
  }, HEALTHZ_EVERY_MS);
  return {
    stop: () => {
      clearInterval(timer);
      return times;
    },
  };
}

async function untilEnded(admin: ConsoleClient, id: string): Promise<BulkJobView> {
  for (;;) {
    const answer = await admin.query<{ job: BulkJobView }>('bulk.get', { id });
    const job = answer.data?.job;
    if (!job) throw new Error(`bulk.get ${id}: ${answer.error?.message ?? 'no job'}`);
    if (job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Every host's outcome as the job's result pages give them back. */
async function outcomes(admin: ConsoleClient, id: string, total: number): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let page = 1; (page - 1) * RESULT_PAGE < total; page++) {
    const answer = await admin.query<{ results: { rows: BulkResultRow[] } }>('bulk.get', {
      id,
      page,
      pageSize: RESULT_PAGE,
    });
    for (const row of answer.data?.results.rows ?? [])
      counts.set(row.outcome, (counts.get(row.outcome) ?? 0) + 1);
  }
  return counts;
}

const root = process.cwd();
const build = await ensureServerBuild(root, log);
await ensureNextBuild(root, log);
const loadBefore = loadavg();
const startedAt = new Date();

await withThrowawayCluster(NAMESPACE, async ({ kc, kubeconfig }) => {
  await seedLabHosts(kc, NAMESPACE, hostCount);
  const stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-bench-bulk-'));
  const database = await startEmbeddedPostgres({ dataDir: join(stateDir, 'postgres') });
  try {
    const server = await startServerProcess(
      { kubeconfig, databaseUrl: database.url },
      { command: { build } },
    );
    try {
      const admin = await signInAsAdmin(server.url);
      await untilCached(server.url, admin.cookie, 'baremetalhosts', hostCount);
      const target = { action: 'power-off', filter: {} };
      const preview = await admin.query<{ count: number }>('bulk.preview', target);
      const count = preview.data?.count ?? 0;
      log(`preview: ${count} hosts match; power-off at ${concurrency} at once, ${rate} a second`);
      const rssBefore = (await memoryOf(server.pid)).rssMiB;
      const rss: number[] = [];
      const sampler = setInterval(() => {
        void memoryOf(server.pid).then((memory) => rss.push(memory.rssMiB));
      }, RSS_EVERY_MS);
      const healthz = probeHealthz(server.url);
      const jobStarted = performance.now();
      const started = await admin.mutate<{ id: string; total: number }>('bulk.start', {
        ...target,
        options: { concurrency, ratePerSecond: rate },
        confirmedCount: count,
      });
      if (!started.data) throw new Error(`bulk.start: ${started.error?.message ?? 'no answer'}`);
      const job = await untilEnded(admin, started.data.id);
      const seconds = (performance.now() - jobStarted) / 1000;
      const probes = healthz.stop().sort((a, b) => a - b);
      clearInterval(sampler);
      const rssAfter = (await memoryOf(server.pid)).rssMiB;
      const counted = await outcomes(admin, started.data.id, job.total);
      const results = [...counted.values()].reduce((sum, n) => sum + n, 0);
      const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'failed');
      console.log(`
Bulk power-off of ${hostCount} hosts, ${startedAt.toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}
${describeLoadAverages(loadBefore, loadavg())}

| hosts | job state | seconds | hosts/s | results read back | outcomes | healthz probes | healthz p50 / p99 / max (ms) | RSS before / peak / after (MiB) |
| ----- | --------- | ------- | ------- | ----------------- | -------- | -------------- | ---------------------------- | ------------------------------- |
| ${job.total} | ${job.state} | ${seconds.toFixed(1)} | ${(job.total / seconds).toFixed(1)} | ${results} | ${[...counted].map(([outcome, n]) => `${outcome} ${n}`).join(', ')} | ${probes.length} | ${ms(quantile(probes, 0.5))} / ${ms(quantile(probes, 0.99))} / ${ms(probes.at(-1) ?? Number.NaN)} | ${rssBefore.toFixed(0)} / ${Math.max(rssBefore, ...rss).toFixed(0)} / ${rssAfter.toFixed(0)} |

Targets (issue 49): every host's result, server RSS bounded, healthz p99 < 50 ms during the run.`);
    } finally {
      await server.stop();
    }
  } finally {
    await database.stop();
    await rm(stateDir, { recursive: true, force: true });
  }
});
