// npm run bench:boot [-- --hosts 1000,10000 --seconds 20 --connections 100 --peer matchbox --rounds 3]
//                     [-- --phases assets,loop --asset-mib 256 --asset-clients 50 --asset-rounds 2]
//                     [-- --runner build|tsx]
// Measures the iPXE boot service: boot-script requests per second and latency percentiles for N looping
// hosts (each request a distinct unleased MAC, cycled, so every host checks in again and again), rows
// written to PostgreSQL per second by the batched flush, and the server's RSS. The server runs in a
// child process (boot-bench-server.ts), compiled and with the runtime flags and environment `npm start`
// gives the server unless `--runner tsx`; autocannon drives it from this process. With `--peer matchbox` the same MACs are also asked of
// Matchbox (matchbox-peer.ts) serving our install profile, both in alternating order over `--rounds`
// rounds with the same connections and duration, and the ratios are printed. The asset phase
// (asset-phase.ts) first downloads an image from the same server's asset route and from BusyBox's httpd.
// A script, not a test: it asserts nothing.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loopScript } from '../../server/boot/ipxe-scripts';
import { ensureServerBuild, RUNTIME_FLAGS, runtimeEnv } from '../../tools/build/build-server.mjs';
import { pairedRounds, runAlternatingRounds } from './alternating-rounds';
import { describeRatio, median, ratioSummary } from './bench-statistics';
import type { FromChild, ServerStats, ToChild } from './boot-bench-server';
import { parseRunner, type Runner } from './controller-child';
import { describeLoad, isBusy } from './run-load';
import { installBootOf, matchboxScript } from './matchbox-store';
import { startMatchbox } from './matchbox-peer';
import { runAssetPhase, writeBenchAssets } from './asset-phase';

function log(line: string): void {
  console.log(`[bench] ${line}`);
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
  const memory = after.memory;
  log(
    `rackpilot's memory (MiB): Node ${memory.nodeRss.toFixed(0)} RSS (peak ${memory.nodePeakRss.toFixed(0)}; V8 heap ${memory.heapUsed.toFixed(0)} used of ${memory.heapTotal.toFixed(0)}, external ${memory.external.toFixed(0)}) + asset server ${memory.assetServerRss.toFixed(0)} RSS`,
  );
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

const SERVER_SOURCE = 'scripts/bench/boot-bench-server.ts';

/** The boot service's process: compiled as `npm start` runs the server, or from the sources through tsx. */
async function forkBootServer(runner: Runner, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  if (runner === 'tsx')
    return fork(SERVER_SOURCE, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit', env });
  const outdir = await ensureServerBuild(process.cwd(), log, {
    dir: '.build/bench-boot',
    entryPoints: { 'bench-boot-server': SERVER_SOURCE },
  });
  return fork(join(outdir, 'bench-boot-server.mjs'), [], {
    execArgv: RUNTIME_FLAGS,
    stdio: 'inherit',
    env: runtimeEnv(env),
  });
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
      runner: { type: 'string', default: 'build' },
    },
  });
  const runner = parseRunner(values.runner);
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
  const env = {
    ...process.env,
    RACKPILOT_BOOT_ASSETS: assetsDir,
    ...(assetProfile ? { RACKPILOT_BENCH_PROFILE: JSON.stringify(assetProfile) } : {}),
  };
  const child = await forkBootServer(runner, env);
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

await main();
