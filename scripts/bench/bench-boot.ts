// npm run bench:boot [-- --hosts 1000,10000 --seconds 20 --connections 100 --peer matchbox --rounds 3]
//                     [-- --phases assets,loop --asset-mib 256 --asset-clients 50 --asset-rounds 2]
// Measures the iPXE boot service: boot-script requests per second and latency percentiles for N looping
// hosts (each request a distinct unleased MAC, cycled, so every host checks in again and again), rows
// written to PostgreSQL per second by the batched flush, and the server's RSS. The server runs in a
// child process (the production handler, per-address rate limiter, flush loop, connection caps and
// header timeout, configured as server/config.ts reads them, on a throw-away embedded PostgreSQL);
// autocannon drives it from this process. With `--peer matchbox` the same MACs are also asked of
// Matchbox (matchbox-peer.ts) serving our install profile, both in alternating order over `--rounds`
// rounds with the same connections and duration, and the ratios are printed. The asset phase
// (asset-phase.ts) first downloads an image from the same server's asset route and from BusyBox's httpd.
// A script, not a test: it asserts nothing.
import { fork, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { KubeConfig } from '@kubernetes/client-node';
import autocannon from 'autocannon';
import { BootService } from '../../server/boot/boot-service';
import { loopScript } from '../../server/boot/ipxe-scripts';
import { readServerConfig } from '../../server/config';
import { createDbClient } from '../../server/db/client';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { migrateDatabase } from '../../server/db/migrate';
import { capConnections } from '../../server/http/connection-limits';
import { InformerSet } from '../../server/kube/informer-set';
import { pairedRounds, runAlternatingRounds } from './alternating-rounds';
import { describeRatio, median, ratioSummary } from './bench-statistics';
import { describeLoad, isBusy } from './run-load';
import { installBootOf, matchboxScript } from './matchbox-store';
import { startMatchbox } from './matchbox-peer';
import { processUsage, runAssetPhase, writeBenchAssets } from './asset-phase';
import { ensureBootAssetServer } from '../../tools/controlplane/boot-asset-server-binary';
import type { BootProfileInput } from '../../server/schemas/boot-profile';

interface ServerStats {
  rowsWritten: number;
  flushes: number;
  failures: number;
  rss: number;
  /** User and system CPU of the server process, ms. */
  cpuMs: number;
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
  // One client address sends every host's requests here, so unless RACKPILOT_BOOT_RATE and
  // RACKPILOT_CONNECTION_RATE_PER_ADDRESS say otherwise its buckets are sized for the whole fleet; every
  // other limit is the production default or its env.
  const config = readServerConfig(
    {
      ...process.env,
      RACKPILOT_BOOT_RATE: process.env.RACKPILOT_BOOT_RATE ?? '1000000:1000000',
      RACKPILOT_CONNECTION_RATE_PER_ADDRESS:
        process.env.RACKPILOT_CONNECTION_RATE_PER_ADDRESS ?? '999999:999999',
    },
    process.cwd(),
  );
  const server = createServer({
    headersTimeout: config.edge.handshakeTimeoutMs,
    connectionsCheckingInterval: 1000,
  });
  capConnections(server, {
    perAddress: config.edge.connectionsPerAddress,
    total: config.edge.connectionsTotal,
    ratePerAddress: config.edge.connectionRatePerAddress,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  log(
    `boot rate ${config.bootRate.perSecond}/s burst ${config.bootRate.burst} per address; connections ${config.edge.connectionsPerAddress} per address, ${config.edge.connectionsTotal} in all; header timeout ${config.edge.handshakeTimeoutMs} ms; request cap ${config.bootMaxRequestBytes} bytes`,
  );
  const boot = new BootService({
    db,
    informers,
    log,
    rate: config.bootRate,
    reissueMs: config.bootReissueMs,
    maxRequestBytes: config.bootMaxRequestBytes,
    installTimeoutMs: config.installTimeoutMs,
    assetsDir: config.bootAssetsDir,
    assetServer: {
      ...config.bootAssetServer,
      binary: config.bootAssetServer.binary ?? (await ensureBootAssetServer(log)),
      port: 0,
      host: '127.0.0.1',
    },
    bootUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  });
  await boot.start();
  const profile = process.env.RACKPILOT_BENCH_PROFILE;
  if (profile) await boot.profiles.save(JSON.parse(profile) as BootProfileInput, 'bench');
  server.on('request', boot.handle);
  const send = (message: FromChild) => process.send?.(message);
  send({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', (message: ToChild) => {
    if ('stats' in message) {
      void (async () => {
        const pid = boot.assets.pid;
        const assetServer = (pid === undefined ? undefined : await processUsage(pid)) ?? { rss: 0, cpuMs: 0 };
        send({
          stats: {
            ...boot.stats,
            // The asset server sends the asset phase's bytes: its share is counted with the server's.
            rss: process.memoryUsage().rss + assetServer.rss,
            cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000 + assetServer.cpuMs,
            known: boot.store.size,
          },
        });
      })();
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

interface Drive {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** autocannon against `port` for `seconds`, each request asking for the next of `hosts` MACs. */
async function drive(
  port: number,
  pathOf: (mac: string) => string,
  hosts: number,
  seconds: number,
  connections: number,
): Promise<Drive> {
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
        setupRequest: (req) => ({ ...req, path: pathOf(macOf(next++ % hosts)) }),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const rackpilotPath = (mac: string) => `/boot/ipxe?mac=${mac}`;
const matchboxPath = (mac: string) => `/ipxe?mac=${mac}`;

async function measure(
  port: number,
  child: ChildProcess,
  hosts: number,
  seconds: number,
  connections: number,
) {
  const before = (await request<{ stats: ServerStats }>(child, { stats: true }, 'stats')).stats;
  const driven = await drive(port, rackpilotPath, hosts, seconds, connections);
  // Let the last flush land before reading the counters.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const after = (await request<{ stats: ServerStats }>(child, { stats: true }, 'stats')).stats;
  return {
    hosts,
    ...driven,
    rowsPerSecond: (after.rowsWritten - before.rowsWritten) / seconds,
    flushesPerSecond: (after.flushes - before.flushes) / seconds,
    flushFailures: after.failures - before.failures,
    rssMiB: Math.round(after.rss / 1024 / 1024),
    known: after.known,
  };
}

async function rssMiBOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
  return Math.round(kib / 1024);
}

/** Both servers must answer a host with the script this comparison claims before either is timed. */
async function checkAnswers(base: string, matchboxPort: number, hosts: number): Promise<void> {
  const index = hosts - 1;
  const mac = macOf(index);
  const ours = await fetch(`${base}${rackpilotPath(mac)}`);
  const ourBody = await ours.text();
  if (ours.status !== 200 || ourBody !== loopScript(base, mac))
    throw new Error(`rackpilot answered ${mac} with HTTP ${ours.status}: ${ourBody.slice(0, 200)}`);
  const theirs = await fetch(`http://127.0.0.1:${matchboxPort}${matchboxPath(mac)}`);
  const theirBody = await theirs.text();
  if (theirs.status !== 200 || theirBody !== matchboxScript(installBootOf(base, mac, index)))
    throw new Error(`matchbox answered ${mac} with HTTP ${theirs.status}: ${theirBody.slice(0, 200)}`);
  log(
    `${mac}: rackpilot ${Buffer.byteLength(ourBody)} bytes (loop script), matchbox ${Buffer.byteLength(theirBody)} bytes (install profile)`,
  );
}

type Server = 'rackpilot' | 'matchbox';

async function comparePeer(
  port: number,
  child: ChildProcess,
  hosts: number,
  seconds: number,
  connections: number,
  rounds: number,
): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const macs = Array.from({ length: hosts }, (_, index) => macOf(index));
  const matchbox = await startMatchbox(base, macs, log);
  log(`matchbox pid ${matchbox.pid} on 127.0.0.1:${matchbox.port}, log ${matchbox.logPath}`);
  try {
    await checkAnswers(base, matchbox.port, hosts);
    const results = await runAlternatingRounds<Server, Drive & { rssMiB: number }>(
      rounds,
      ['rackpilot', 'matchbox'],
      async (server, round) => {
        log(`round ${round + 1}: ${server}, ${hosts} hosts, ${connections} connections, ${seconds} s`);
        if (server === 'rackpilot') return measure(port, child, hosts, seconds, connections);
        const driven = await drive(matchbox.port, matchboxPath, hosts, seconds, connections);
        return { ...driven, rssMiB: await rssMiBOf(matchbox.pid) };
      },
    );
    console.log(`\n${hosts} hosts, ${connections} connections, ${seconds} s per run:\n`);
    console.log(
      '| round | server | req/s | p50 (ms) | p99 (ms) | non-2xx | errors | RSS (MiB) | load avg (1 min) |',
    );
    console.log(
      '| ----- | ------ | ----- | -------- | -------- | ------- | ------ | --------- | ---------------- |',
    );
    for (const { round, mode, result, load } of results) {
      console.log(
        `| ${round + 1} | ${mode} | ${Math.round(result.requestsPerSecond)} | ${result.p50} | ${result.p99} | ${result.non2xx} | ${result.errors} | ${result.rssMiB} | ${describeLoad(load)} |`,
      );
    }
    const rate = ratioSummary(pairedRounds(results, 'rackpilot', 'matchbox', (r) => r.requestsPerSecond));
    const p99 = ratioSummary(pairedRounds(results, 'matchbox', 'rackpilot', (r) => r.p99));
    const quietMedian = (server: Server, value: (r: Drive) => number) =>
      median(results.filter((r) => r.mode === server && !isBusy(r.load)).map((r) => value(r.result)));
    console.log(
      `\nmedian req/s of the rounds not busy: rackpilot ${Math.round(quietMedian('rackpilot', (r) => r.requestsPerSecond))}, matchbox ${Math.round(quietMedian('matchbox', (r) => r.requestsPerSecond))}`,
    );
    console.log(
      `median p99 (ms) of the rounds not busy: rackpilot ${quietMedian('rackpilot', (r) => r.p99)}, matchbox ${quietMedian('matchbox', (r) => r.p99)}`,
    );
    console.log(`req/s rackpilot ÷ matchbox, per round: ${describeRatio(rate)}`);
    console.log(`p99 matchbox ÷ rackpilot, per round: ${describeRatio(p99)}`);
  } finally {
    await matchbox.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      hosts: { type: 'string', default: '1000,10000' },
      seconds: { type: 'string', default: '20' },
      connections: { type: 'string', default: '100' },
      peer: { type: 'string' },
      rounds: { type: 'string', default: '3' },
      phases: { type: 'string', default: 'assets,loop' },
      'asset-mib': { type: 'string', default: '256' },
      'asset-clients': { type: 'string', default: '50' },
      'asset-rounds': { type: 'string', default: '2' },
    },
  });
  const phases = values.phases.split(',');
  const assetMib = Number(values['asset-mib']);
  if (phases.some((phase) => phase !== 'loop' && phase !== 'assets'))
    throw new Error(`--phases knows loop and assets, not ${values.phases}`);
  if (!Number.isInteger(assetMib) || assetMib < 1) throw new Error('--asset-mib must be a whole number ≥ 1');
  const hostCounts = values.hosts.split(',').map(Number);
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const rounds = Number(values.rounds);
  if (values.peer !== undefined && values.peer !== 'matchbox')
    throw new Error(`--peer knows only matchbox, not ${values.peer}`);
  if (hostCounts.some((n) => !Number.isInteger(n) || n < 1 || n > 65_536))
    throw new Error(`--hosts must be whole numbers in 1…65536, not ${values.hosts}`);
  log(
    `${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  const assetsDir = await mkdtemp(join(tmpdir(), 'rackpilot-bench-assets-'));
  const assetProfile = phases.includes('assets') ? await writeBenchAssets(assetsDir, assetMib) : undefined;
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
    env: {
      ...process.env,
      RACKPILOT_BOOT_ASSETS: assetsDir,
      ...(assetProfile ? { RACKPILOT_BENCH_PROFILE: JSON.stringify(assetProfile) } : {}),
    },
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
    if (assetProfile) {
      await runAssetPhase({
        assetsDir,
        image: assetProfile.image ?? '',
        imageBytes: assetMib * 2 ** 20,
        ourPort: port,
        clients: Number(values['asset-clients']),
        rounds: Number(values['asset-rounds']),
        usage: async () => (await request<{ stats: ServerStats }>(child, { stats: true }, 'stats')).stats,
        log,
      });
    }
    if (!phases.includes('loop')) return;
    if (values.peer === 'matchbox') {
      for (const hosts of hostCounts) await comparePeer(port, child, hosts, seconds, connections, rounds);
      console.log('\nTarget (issue 19 §4): Rackpilot ahead of Matchbox in requests/s and p99.');
      return;
    }
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
    await rm(assetsDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) void serve();
else await main();
