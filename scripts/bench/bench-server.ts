// npm run bench:server [-- --hosts 10000 --rounds 1]
// Measures the whole server (console, controllers, boot service; no hardware lab) as `npm start` runs
// it (compiled by tools/build/build-server.mjs) and, to compare, from the sources through tsx as it ran
// before: time from process start to /api/readyz answering, resident memory after start with no hosts,
// then with N lab-shaped BareMetalHosts (the hardware lab's hosts, numbered) in its caches. Runs on a
// throw-away local control plane and embedded PostgreSQL. A script, not a test: it asserts nothing.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { ensureNextBuild } from '../../tools/build/ensure-next-build';
import { signInAsAdmin } from '../../tools/testenv/console-client';
import { startServerProcess, type ServerCommand } from '../../tools/testenv/server-process';
import { ensureServerBuild } from '../../tools/build/build-server.mjs';
import { roundOrder } from './alternating-rounds';
import { memoryOf } from './process-memory';
import { seedLabHosts } from './seed-lab-hosts';
import { untilCached } from './server-metrics';
import { benchLog as log, withThrowawayCluster } from './throwaway-cluster';

const NAMESPACE = 'bench-hosts';
/** How long a started server is left alone before its memory is read: caches built, timers run. */
const SETTLE_MS = 20_000;

interface Sample {
  runner: string;
  hosts: number;
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
  runner: string,
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
    return { runner, hosts, readySeconds, ...memory };
  } finally {
    await server.stop();
  }
}

const { values } = parseArgs({
  options: { hosts: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '1' } },
});
const hostCount = Number(values.hosts);
const rounds = Number(values.rounds);
const root = process.cwd();
const runners: [string, ServerCommand][] = [
  ['build', { build: await ensureServerBuild(root, log) }],
  ['tsx', 'sources'],
];
await ensureNextBuild(root, log);
const samples = await withThrowawayCluster(NAMESPACE, async ({ kc, kubeconfig }) => {
  const stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-bench-server-'));
  const database = await startEmbeddedPostgres({ dataDir: join(stateDir, 'postgres') });
  const env = { kubeconfig, databaseUrl: database.url };
  try {
    const results: Sample[] = [];
    for (const hosts of [0, hostCount]) {
      if (hosts > 0) await seedLabHosts(kc, NAMESPACE, hosts);
      for (let round = 0; round < rounds; round++) {
        for (const [runner, command] of roundOrder(round, runners))
          results.push(await measure(env, runner, command, hosts));
      }
    }
    return results;
  } finally {
    await database.stop();
    await rm(stateDir, { recursive: true, force: true });
  }
});
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
console.log(
  '| runner | BareMetalHosts cached | start to ready (s) | RSS after settling (MiB) | peak RSS (MiB) |',
);
console.log('|---|---|---|---|---|');
for (const s of samples) {
  console.log(
    `| ${s.runner} | ${s.hosts} | ${s.readySeconds.toFixed(1)} | ${s.rssMiB.toFixed(0)} | ${s.peakRssMiB.toFixed(0)} |`,
  );
}
process.exit(0);
