// npm run bench:server [-- --hosts 10000 --rounds 3]
// Measures the whole server (console, controllers, boot service; no hardware lab) as `npm start` runs
// it (compiled by tools/build/build-server.mjs) and, to compare, from the sources through tsx as it ran
// before: time from process start to /api/readyz answering, resident memory after start with no hosts,
// then with N lab-shaped BareMetalHosts (the hardware lab's hosts, numbered) in its caches. The two
// runners alternate over rounds (alternating-rounds.ts), and each round's build ÷ tsx ratio is
// reported beside the medians: on a busy machine the pair of one round shares its load. Runs on a
// throw-away local control plane and embedded PostgreSQL. A script, not a test: it asserts nothing.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { migrateDatabase } from '../../server/db/migrate';
import { ensureNextBuild } from '../../tools/build/ensure-next-build';
import { signInAsAdmin } from '../../tools/testenv/console-client';
import { startServerProcess, type ServerCommand } from '../../tools/testenv/server-process';
import { ensureServerBuild } from '../../tools/build/build-server.mjs';
import { pairedRounds, runAlternatingRounds, type RoundResult } from './alternating-rounds';
import { describeRatio, median, ratioSummary } from './bench-statistics';
import { describeLoad, isBusy } from './run-load';
import { memoryOf } from './process-memory';
import { seedLabHosts } from './seed-lab-hosts';
import { untilCached } from './server-metrics';
import { benchLog as log, withThrowawayCluster } from './throwaway-cluster';

const NAMESPACE = 'bench-hosts';
/** How long a started server is left alone before its memory is read: caches built, timers run. */
const SETTLE_MS = 20_000;

type Runner = 'build' | 'tsx';

interface Sample {
  readySeconds: number;
  rssMiB: number;
  peakRssMiB: number;
}

/** The Node process that runs the server: tsx's command line starts it as its own child. */
async function serverPid(pid: number): Promise<number> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const child = children.trim().split(' ').filter(Boolean).map(Number)[0];
  return child === undefined ? pid : serverPid(child);
}

async function measure(
  env: { kubeconfig: string; databaseUrl: string },
  runner: Runner,
  command: ServerCommand,
  hosts: number,
): Promise<Sample> {
  const started = Date.now();
  const server = await startServerProcess(env, { command });
  try {
    const readySeconds = (Date.now() - started) / 1000;
    const admin = await signInAsAdmin(server.url);
    await untilCached(server.url, admin.cookie, 'baremetalhosts', hosts);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const memory = await memoryOf(command === 'sources' ? await serverPid(server.pid) : server.pid);
    log(
      `${runner}, ${hosts} hosts: ready after ${readySeconds.toFixed(1)} s, RSS ${memory.rssMiB.toFixed(0)} MiB`,
    );
    return { readySeconds, ...memory };
  } finally {
    await server.stop();
  }
}

function report(hosts: number, results: RoundResult<Runner, Sample>[]): void {
  console.log(`\n${hosts} BareMetalHosts:\n`);
  console.log(
    '| round | runner | start to ready (s) | RSS after settling (MiB) | peak RSS (MiB) | load avg (1 min, start → end) |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const { round, mode, result: s, load } of results) {
    console.log(
      `| ${round + 1} | ${mode} | ${s.readySeconds.toFixed(1)} | ${s.rssMiB.toFixed(0)} | ${s.peakRssMiB.toFixed(0)} | ${describeLoad(load)} |`,
    );
  }
  for (const runner of ['build', 'tsx'] as const) {
    const of = (value: (s: Sample) => number) =>
      median(results.filter((r) => r.mode === runner && !isBusy(r.load)).map((r) => value(r.result)));
    console.log(
      `median ${runner} of the rounds not busy: ready ${of((s) => s.readySeconds).toFixed(1)} s, RSS ${of((s) => s.rssMiB).toFixed(0)} MiB, peak ${of((s) => s.peakRssMiB).toFixed(0)} MiB`,
    );
  }
  const ratio = ratioSummary(pairedRounds(results, 'build', 'tsx', (s) => s.readySeconds));
  console.log(`start to ready, build ÷ tsx per round: ${describeRatio(ratio)}`);
}

const { values } = parseArgs({
  options: { hosts: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '3' } },
});
const hostCount = Number(values.hosts);
const rounds = Number(values.rounds);
const root = process.cwd();
const commands: Record<Runner, ServerCommand> = {
  build: { build: await ensureServerBuild(root, log) },
  tsx: 'sources',
};
await ensureNextBuild(root, log);
const phases = await withThrowawayCluster(NAMESPACE, async ({ kc, kubeconfig }) => {
  const stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-bench-server-'));
  const database = await startEmbeddedPostgres({ dataDir: join(stateDir, 'postgres') });
  const env = { kubeconfig, databaseUrl: database.url };
  try {
    // Migrated here, so that the first server started does not pay for what every later one skips.
    await migrateDatabase(database.url);
    const measured: { hosts: number; results: RoundResult<Runner, Sample>[] }[] = [];
    for (const hosts of hostCount > 0 ? [0, hostCount] : [0]) {
      if (hosts > 0) await seedLabHosts(kc, NAMESPACE, hosts);
      const results = await runAlternatingRounds<Runner, Sample>(rounds, ['build', 'tsx'], (runner) =>
        measure(env, runner, commands[runner], hosts),
      );
      measured.push({ hosts, results });
    }
    return measured;
  } finally {
    await database.stop();
    await rm(stateDir, { recursive: true, force: true });
  }
});
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
for (const { hosts, results } of phases) report(hosts, results);
process.exit(0);
