// bench:boot's asset phase: `clients` concurrent downloads of one image from our asset route
// (/boot/assets/<profile>/<file>, redirected to the asset server, which sends it by sendfile; curl
// follows the redirect as iPXE does) against the floor, BusyBox's
// httpd (Debian's busybox-static, a plain static file server none of us wrote) serving the same file
// on the same machine, in alternating rounds. Downloads are curl processes writing to /dev/null, so
// the client costs both servers alike. Reports throughput, CPU seconds per GiB served and our server's
// RSS before and after, the asset server's counted with ours (flat: nothing is held per byte). A script:
// it asserts nothing.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BootProfileInput } from '../../server/schemas/boot-profile';
import { ensureDebianPackages } from '../../tools/testenv/ensure-test-packages';
import { freePort } from '../../tools/testenv/free-port';
import { pairedRounds, runAlternatingRounds } from './alternating-rounds';
import { describeRatio, ratioSummary } from './bench-statistics';
import { describeLoad } from './run-load';

export const BUSYBOX = '/bin/busybox';
export const ASSET_PROFILE = 'bench-image';
const MIB = 2 ** 20;
const GIB = 2 ** 30;
/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

export interface ServerUsage {
  rss: number;
  /** User and system CPU of the process, in ms. */
  cpuMs: number;
}

/** The image (random bytes, so nothing on the way compresses it), a stand-in kernel and initrd, and the profile naming them. */
export async function writeBenchAssets(dir: string, mib: number): Promise<BootProfileInput> {
  await mkdir(join(dir, 'bench'), { recursive: true });
  await writeFile(join(dir, 'bench', 'vmlinuz'), 'bench stand-in kernel, never booted\n');
  await writeFile(join(dir, 'bench', 'initrd.img'), 'bench stand-in initrd, never booted\n');
  const image = `bench/image-${mib}MiB.img`;
  const hash = createHash('sha256');
  const out = createWriteStream(join(dir, image));
  for (let i = 0; i < mib; i++) {
    const chunk = randomBytes(MIB);
    hash.update(chunk);
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return {
    name: ASSET_PROFILE,
    installer: 'image',
    kernel: 'bench/vmlinuz',
    initrds: ['bench/initrd.img'],
    image,
    imageSha256: hash.digest('hex'),
  };
}

/** Fields 3… of /proc/<pid>/stat (stat(5)), or undefined once the process is gone. */
async function statFields(pid: string): Promise<string[] | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** utime + stime (stat(5) fields 14 and 15) in ms. */
const cpuMsIn = (fields: string[]) => ((Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 1000) / TICKS;

/** A process's RSS (stat(5) field 24, pages) and CPU, or undefined once it is gone. */
export async function processUsage(pid: number): Promise<ServerUsage | undefined> {
  const fields = await statFields(String(pid));
  return fields && { rss: Number(fields[21] ?? 0) * 4096, cpuMs: cpuMsIn(fields) };
}

/** Runs `step` every `everyMs` until `work` settles, then answers what it did. */
async function sampleDuring<T>(work: Promise<T>, everyMs: number, step: () => Promise<void>): Promise<T> {
  const settled = work.then(
    () => true,
    () => true,
  );
  const tick = () => new Promise<false>((resolve) => setTimeout(() => resolve(false), everyMs));
  while (!(await Promise.race([settled, tick()]))) await step();
  return work;
}

/**
 * The CPU of a process and of the children it forks (BusyBox's httpd, one per client) while `work`
 * runs: the children are reaped without their times reaching the parent's, so each is read every
 * 100 ms and counted at its last reading (what one spends in its last 100 ms is missed).
 */
async function cpuMsDuring<T>(pid: number, work: Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const lastSeen = new Map<string, number>();
  const sample = async () => {
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const fields = await statFields(entry);
      if (fields && (entry === String(pid) || fields[1] === String(pid)))
        lastSeen.set(entry, cpuMsIn(fields));
    }
  };
  await sample();
  const before = new Map(lastSeen);
  const result = await sampleDuring(work, 100, sample);
  await sample();
  let cpuMs = 0;
  for (const [entry, ms] of lastSeen) cpuMs += ms - (before.get(entry) ?? 0);
  return { result, cpuMs };
}

async function startBusyboxHttpd(dir: string): Promise<{ port: number; pid: number; stop: () => void }> {
  const port = await freePort();
  const child = spawn(BUSYBOX, ['httpd', '-f', '-p', `127.0.0.1:${port}`, '-h', dir], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (up) return { port, pid: child.pid ?? 0, stop: () => child.kill() };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('busybox httpd did not start listening within 10 s');
}

interface Downloads {
  seconds: number;
  bytes: number;
  failures: number;
}

/** `clients` curl processes at once, each fetching `url` once to /dev/null. */
async function download(url: string, clients: number, expected: number): Promise<Downloads> {
  const started = process.hrtime.bigint();
  const sizes = await Promise.all(
    Array.from(
      { length: clients },
      () =>
        new Promise<number>((resolve) => {
          let out = '';
          const curl = spawn('curl', [
            '-s',
            '-L',
            '-o',
            '/dev/null',
            '-w',
            '%{http_code} %{size_download}',
            url,
          ]);
          curl.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
          curl.on('close', () => {
            const [code, size] = out.split(' ');
            resolve(code === '200' ? Number(size) : -1);
          });
        }),
    ),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    seconds,
    bytes: sizes.filter((size) => size > 0).reduce((a, b) => a + b, 0),
    failures: sizes.filter((size) => size !== expected).length,
  };
}

type Floor = 'rackpilot' | 'busybox';

interface Run extends Downloads {
  cpuMs: number;
  rssBefore?: number;
  rssPeak?: number;
  rssAfter?: number;
}

export async function runAssetPhase(options: {
  assetsDir: string;
  image: string;
  imageBytes: number;
  ourPort: number;
  clients: number;
  rounds: number;
  usage: () => Promise<ServerUsage>;
  log: (line: string) => void;
}): Promise<void> {
  const { assetsDir, image, imageBytes, clients, log } = options;
  await ensureDebianPackages(
    [{ name: 'busybox-static', files: [BUSYBOX], usedBy: "bench:boot's asset floor" }],
    "bench:boot's asset phase",
    log,
  );
  const floor = await startBusyboxHttpd(assetsDir);
  const urls: Record<Floor, string> = {
    rackpilot: `http://127.0.0.1:${options.ourPort}/boot/assets/${ASSET_PROFILE}/${image}`,
    busybox: `http://127.0.0.1:${floor.port}/${image}`,
  };
  try {
    for (const [server, url] of Object.entries(urls)) {
      const head = await fetch(url, { method: 'HEAD' });
      if (head.status !== 200 || Number(head.headers.get('content-length')) !== imageBytes)
        throw new Error(
          `${server} answers ${url} with ${head.status}, length ${head.headers.get('content-length')}`,
        );
    }
    const results = await runAlternatingRounds<Floor, Run>(
      options.rounds,
      ['rackpilot', 'busybox'],
      async (server, round) => {
        log(`asset round ${round + 1}: ${server}, ${clients} clients × ${imageBytes / MIB} MiB`);
        if (server === 'busybox') {
          const { result, cpuMs } = await cpuMsDuring(floor.pid, download(urls.busybox, clients, imageBytes));
          return { ...result, cpuMs };
        }
        const before = await options.usage();
        let rssPeak = before.rss;
        const run = await sampleDuring(download(urls.rackpilot, clients, imageBytes), 250, async () => {
          rssPeak = Math.max(rssPeak, (await options.usage()).rss);
        });
        const after = await options.usage();
        return {
          ...run,
          cpuMs: after.cpuMs - before.cpuMs,
          rssBefore: before.rss,
          rssPeak,
          rssAfter: after.rss,
        };
      },
    );
    const mibs = (bytes: number) => Math.round(bytes / MIB);
    console.log(`\n${clients} concurrent downloads of a ${imageBytes / MIB} MiB image per run:\n`);
    console.log(
      '| round | server | GiB | seconds | MiB/s | CPU s per GiB | RSS before / peak / after (MiB) | failures | load avg (1 min) |',
    );
    console.log(
      '| ----- | ------ | --- | ------- | ----- | ------------- | ------------------------------- | -------- | ---------------- |',
    );
    for (const { round, mode, result, load } of results) {
      const rss =
        result.rssBefore === undefined
          ? '–'
          : `${mibs(result.rssBefore)} / ${mibs(result.rssPeak ?? 0)} / ${mibs(result.rssAfter ?? 0)}`;
      console.log(
        `| ${round + 1} | ${mode} | ${(result.bytes / GIB).toFixed(1)} | ${result.seconds.toFixed(1)} | ${Math.round(result.bytes / MIB / result.seconds)} | ${(result.cpuMs / 1000 / (result.bytes / GIB)).toFixed(2)} | ${rss} | ${result.failures} | ${describeLoad(load)} |`,
      );
    }
    const throughput = (run: Run) => run.bytes / run.seconds;
    const ratio = ratioSummary(pairedRounds(results, 'busybox', 'rackpilot', throughput));
    console.log(`\nthroughput busybox httpd ÷ rackpilot, per round: ${describeRatio(ratio)}`);
    console.log('Target (issue 42): within 1.2× of the floor.');
  } finally {
    floor.stop();
  }
}
