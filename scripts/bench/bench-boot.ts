// npm run bench:boot [-- --hosts 1000,10000 --seconds 20 --connections 100]
// Measures the iPXE boot service: boot-script requests per second and latency percentiles for N looping
// hosts (each request a distinct unleased MAC, cycled, so every host checks in again and again), rows
// written to PostgreSQL per second by the batched flush, and the server's RSS. The server runs in a
// child process (the production handler, rate limiter and flush loop, on a throw-away embedded
// PostgreSQL); autocannon drives it from this process. A script, not a test: it asserts nothing.
import { fork, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { KubeConfig } from '@kubernetes/client-node';
import autocannon from 'autocannon';
import { BootService } from '../../server/boot/boot-service';
import { createDbClient } from '../../server/db/client';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { migrateDatabase } from '../../server/db/migrate';
import { InformerSet } from '../../server/kube/informer-set';

interface ServerStats {
  rowsWritten: number;
  flushes: number;
  failures: number;
  rss: number;
  known: number;
}

type ToChild = { stats: true } | { stop: true };
type FromChild = { port: number } | { stats: ServerStats } | { stopped: true };

function log(line: string): void {
  console.log(`[bench] ${line}`);
}

/** Child mode: the boot service alone on a loopback port, answering stats over IPC. */
async function serve(): Promise<void> {
  const stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-bench-boot-'));
  await chmod(stateDir, 0o755);
  const database = await startEmbeddedPostgres({ dataDir: join(stateDir, 'postgres') });
  await migrateDatabase(database.url);
  const db = createDbClient(database.url);
  // Unleased MACs never reach the caches; an informer set that is never started is enough.
  const informers = new InformerSet(new KubeConfig(), []);
  const server = createServer();
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  // One client address sends every host's requests here, so its bucket is sized for the whole fleet.
  const boot = new BootService({
    db,
    informers,
    log,
    rate: { perSecond: 1_000_000, burst: 1_000_000 },
    bootUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  });
  await boot.start();
  server.on('request', boot.handle);
  const send = (message: FromChild) => process.send?.(message);
  send({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', (message: ToChild) => {
    if ('stats' in message) {
      send({
        stats: { ...boot.stats, rss: process.memoryUsage().rss, known: boot.store.size },
      });
      return;
    }
    void (async () => {
      server.close();
      server.closeAllConnections();
      await boot.stop();
      await db.$disconnect();
      await database.stop();
      await rm(stateDir, { recursive: true, force: true });
      send({ stopped: true });
      process.exit(0);
    })();
  });
}

function request<T extends FromChild>(child: ChildProcess, message: ToChild, key: keyof T): Promise<T> {
  return new Promise((resolve) => {
    const listener = (reply: FromChild) => {
      if (key in reply) {
        child.off('message', listener);
        resolve(reply as T);
      }
    };
    child.on('message', listener);
    child.send(message);
  });
}

function macOf(index: number): string {
  const hex = (0x020000000000 + index).toString(16).padStart(12, '0');
  return (hex.match(/../g) ?? []).join(':');
}

async function measure(
  port: number,
  child: ChildProcess,
  hosts: number,
  seconds: number,
  connections: number,
) {
  const before = (await request<{ stats: ServerStats }>(child, { stats: true }, 'stats')).stats;
  // One shared counter: requests go round-robin over all hosts, as N hosts looping at the same pace do
  // (a per-connection sequence would walk every connection over the same few MACs in lockstep).
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: `/boot/ipxe?mac=${macOf(next++ % hosts)}` }),
      },
    ],
  });
  // Let the last flush land before reading the counters.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const after = (await request<{ stats: ServerStats }>(child, { stats: true }, 'stats')).stats;
  return {
    hosts,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    rowsPerSecond: (after.rowsWritten - before.rowsWritten) / seconds,
    flushesPerSecond: (after.flushes - before.flushes) / seconds,
    flushFailures: after.failures - before.failures,
    rssMiB: Math.round(after.rss / 1024 / 1024),
    known: after.known,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      hosts: { type: 'string', default: '1000,10000' },
      seconds: { type: 'string', default: '20' },
      connections: { type: 'string', default: '100' },
    },
  });
  const hostCounts = values.hosts.split(',').map(Number);
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  log(
    `${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  try {
    const { port } = await new Promise<{ port: number }>((resolve, reject) => {
      child.once('message', (message: FromChild) => {
        if ('port' in message) resolve(message);
      });
      child.once('exit', (code) => {
        reject(new Error(`boot server exited with ${code}`));
      });
    });
    const rows = [];
    for (const hosts of hostCounts) {
      log(`${hosts} looping hosts, ${connections} connections, ${seconds} s`);
      rows.push(await measure(port, child, hosts, seconds, connections));
    }
    console.log(
      '\n| hosts | req/s | p50 (ms) | p99 (ms) | non-2xx | errors | rows written/s | flushes/s | flush failures | MACs known | RSS (MiB) |',
    );
    console.log(
      '| ----- | ----- | -------- | -------- | ------- | ------ | -------------- | --------- | -------------- | ---------- | --------- |',
    );
    for (const row of rows) {
      console.log(
        `| ${row.hosts} | ${Math.round(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${row.non2xx} | ${row.errors} | ${Math.round(row.rowsPerSecond)} | ${row.flushesPerSecond.toFixed(2)} | ${row.flushFailures} | ${row.known} | ${row.rssMiB} |`,
      );
    }
    console.log('\nTarget (issue 4): ≥ 5,000 requests/s at p99 < 20 ms on 2 cores.');
  } finally {
    await request(child, { stop: true }, 'stopped' as never).catch(() => undefined);
  }
}

if (process.argv.includes('--serve')) void serve();
else await main();
