// npm run bench:console [-- --hosts 10000 --racks 250 --clusters 1000 --seconds 60 --rate 100 --watch 16
//   --background 184 --pages 40 --opens 3 --views 'hosts list,tenant clusters list,wall,racks'
//   --cpu-prof <dir> --tab-cpu-prof <dir> --trace <dir>]
// npm run bench:console -- --instance [--search r3-st-01-00 --share 0.08 --clusters 0
//   --tabs searched,unfiltered,wall --tab-trace <file.json> --one-window and the above]:
//   the live phase only, on the server as `npm start` runs it (console-instance.ts).
// The console at fleet scale: seeds lab-shaped BareMetalHosts (in racks of one unit each, one after
// another) and SIPClusters into a throw-away local control plane, runs the compiled server (controllers
// off: nothing but the benchmark writes) on an embedded PostgreSQL, opens the hosts list, the tenant
// clusters list, the wall and the rack view in Debian's Chromium, and measures what a viewer waits for:
// first rows, a typed filter, scrolling every page (panning the racks), and live updates (write →
// paint, none lost), with the tab's heap, the server's RSS and the WebSocket bytes. A script, not a
// test: it asserts nothing and prints the figures.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { controllerNames } from '../../server/controllers/build-controllers';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath } from '../../server/kube/resource';
import { sipClusterResource } from '../../server/types/crds/sip-cluster';
import { ensureServerBuild } from '../../tools/build/build-server.mjs';
import { ensureNextBuild } from '../../tools/build/ensure-next-build';
import { signInAsAdmin } from '../../tools/testenv/console-client';
import { writeAdminStorageState } from '../../tools/testenv/e2e-storage-state';
import { CHROMIUM, ensureTestPackages } from '../../tools/testenv/ensure-test-packages';
import { startServerProcess } from '../../tools/testenv/server-process';
import {
  INSTANCE_TABS,
  instanceLive,
  instanceTabNames,
  startInstanceLab,
  type InstanceFigures,
} from './console-instance';
import { liveUpdates, type LiveFigures } from './console-live';
import type { Windows } from './live-windows';
import {
  benchProcesses,
  cpuSecondsByGroup,
  describeTrace,
  gcDuring,
  gcPauses,
  processStartedAt,
  startLiveTrace,
  type LiveTrace,
  type TracedProcess,
} from './live-trace';
import { openView, typeFilter, type FilterFigures, type OpenFigures } from './console-phases';
import { panView, scrollEveryPage, type ScrollFigures } from './console-scroll';
import { compareText } from '../../server/api/compare-text';
import { consoleViews } from './console-views';
import { apiserverGcCycles, copyControlPlaneLogs } from './control-plane-logs';
import { describeCpuDelta } from './process-cpu';
import { memoryOf } from './process-memory';
import { seedLabHosts } from './seed-lab-hosts';
import { roundRobin } from './write-spread';
import { describeLoadAverages } from './run-load';
import { untilCached } from './server-metrics';
import { NAMESPACE, sipCluster } from './sip-bench-objects';
import { benchLog as log, inBatches, withThrowawayCluster } from './throwaway-cluster';

interface ViewResult {
  view: string;
  opens: OpenFigures[];
  filter?: FilterFigures;
  scroll?: ScrollFigures;
  live: LiveFigures;
  /** CPU seconds each of the benchmark's process groups used while the live phase's writes went out. */
  liveCpu: string;
}

const { values } = parseArgs({
  options: {
    hosts: { type: 'string', default: '10000' },
    racks: { type: 'string', default: '250' },
    // 1000 by default; 0 with --instance, where the SIP controller would schedule them.
    clusters: { type: 'string' },
    seconds: { type: 'string', default: '60' },
    rate: { type: 'string', default: '100' },
    watch: { type: 'string', default: '16' },
    background: { type: 'string', default: '184' },
    pages: { type: 'string', default: '1000' },
    opens: { type: 'string', default: '3' },
    views: { type: 'string', default: 'hosts list,tenant clusters list,wall,racks' },
    // The server's V8 CPU profile, written to <dir> when it stops.
    'cpu-prof': { type: 'string' },
    // The tab's V8 CPU profile while it scrolls each list, written to <dir>/<view>.cpuprofile.
    'tab-cpu-prof': { type: 'string' },
    // Each live phase's trace (live-trace.ts) and the control plane's logs, written to <dir>.
    trace: { type: 'string' },
    instance: { type: 'boolean', default: false },
    search: { type: 'string', default: 'r3-st-01-00' },
    share: { type: 'string', default: '0.08' },
    // The instance mode's tabs, a subset of searched,unfiltered,wall.
    tabs: { type: 'string', default: INSTANCE_TABS.join(',') },
    // The live tabs as tabs of one window, as before: all but the last opened are drawn about once a second.
    'one-window': { type: 'boolean', default: false },
    // The instance mode: a Chromium performance trace of the tabs while the writes go out, to this file.
    'tab-trace': { type: 'string' },
  },
});
const hostCount = Number(values.hosts);
const clusterCount = Number(values.clusters ?? (values.instance ? '0' : '1000'));
const wanted = values.views.split(',');
const root = process.cwd();

/** Creates `count` SIPClusters; returns their keys in name order. */
async function seedClusters(kc: Parameters<typeof seedLabHosts>[0], count: number): Promise<string[]> {
  log(`creating ${count} SIPClusters`);
  const clusters = Array.from({ length: count }, (_, i) => sipCluster(i));
  await inBatches(clusters, 32, (cluster) =>
    kubeRequestJson(kc, collectionPath(sipClusterResource, NAMESPACE), { method: 'POST', body: cluster }),
  );
  return clusters.map((cluster) => `${NAMESPACE}/${cluster.metadata.name ?? ''}`);
}

/** The admin's storage state, signing in again while a loaded machine's database does not answer (503). */
async function adminStorageState(url: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeAdminStorageState(url);
    } catch (error) {
      if (attempt >= 12 || !String(error).includes(' 503 ')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
  }
}

if (values['tab-cpu-prof']) await mkdir(values['tab-cpu-prof'], { recursive: true });
if (values.trace) await mkdir(values.trace, { recursive: true });

const build = await ensureServerBuild(root, log);
// Chromium, as npm test installs it (or one line saying what is missing), before the long seeding.
await ensureTestPackages(log);
await ensureNextBuild(root, log);
const loadBefore = loadavg();
const started = new Date();
const { results, instance, idleRssMiB, peakRssMiB } = await withThrowawayCluster(
  NAMESPACE,
  async ({ kc, kubeconfig, stateDir: clusterDir }) => {
    const stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-bench-console-'));
    const database = await startEmbeddedPostgres({ dataDir: join(stateDir, 'postgres') });
    try {
      const hostKeys = (await seedLabHosts(kc, NAMESPACE, hostCount, Number(values.racks)))
        .sort(compareText)
        .map((name) => `${NAMESPACE}/${name}`);
      const clusterKeys = await seedClusters(kc, clusterCount);
      const server = await startServerProcess(
        { kubeconfig, databaseUrl: database.url },
        {
          command: {
            build,
            nodeFlags: [
              ...(values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : []),
              // The trace lines the server's collections up with the live phase.
              ...(values.trace ? ['--trace-gc'] : []),
            ],
          },
          // 10,000 hosts on a loaded machine: the caches' first lists alone can take minutes.
          readyTimeoutMs: 600_000,
          // The instance mode runs every controller, as `npm start` does.
          extraEnv: values.instance ? {} : { RACKPILOT_DISABLED_CONTROLLERS: controllerNames.join(',') },
        },
      );
      let stopLab: (() => Promise<void>) | undefined;
      try {
        const admin = await signInAsAdmin(server.url);
        await untilCached(server.url, admin.cookie, 'baremetalhosts', hostCount);
        await untilCached(server.url, admin.cookie, 'sipclusters', clusterCount);
        const idle = await memoryOf(server.pid);
        log(`server caches full; RSS ${idle.rssMiB.toFixed(0)} MiB`);
        if (values.instance) stopLab = await startInstanceLab(kc, server.url);
        const browser = await chromium.launch({
          executablePath: CHROMIUM,
          args: ['--disable-gpu', '--disable-quic', '--disable-sync', '--disable-background-networking'],
        });
        try {
          const contextOptions = {
            baseURL: server.url,
            storageState: await adminStorageState(server.url),
            viewport: { width: 1280, height: 1200 },
          };
          const context = await browser.newContext(contextOptions);
          // Each live tab in a window of its own, drawn as a viewer's visible tab (console-live.ts).
          const windows: Windows = values['one-window']
            ? { shared: context }
            : { newWindow: () => browser.newContext(contextOptions) };
          const measured: ViewResult[] = [];
          const serverRss = async () => (await memoryOf(server.pid)).rssMiB;
          if (values.instance) {
            log(`instance: ${values.rate} changes/s for ${values.seconds} s over ${hostKeys.length} hosts`);
            const figures = await instanceLive(
              windows,
              consoleViews(hostKeys, clusterKeys, Number(values.background)),
              kc,
              {
                fleet: hostKeys,
                serverPid: server.pid,
                controlPlaneMarker: clusterDir,
                serverRss,
                options: {
                  rate: Number(values.rate),
                  seconds: Number(values.seconds),
                  watchCount: Number(values.watch),
                  search: values.search,
                  share: Number(values.share),
                  tabs: instanceTabNames(values.tabs),
                  tracePath: values['tab-trace'],
                },
              },
            );
            log(JSON.stringify(figures));
            return {
              results: figures.tabs.map((live): ViewResult => ({
                view: live.tab,
                opens: [],
                live,
                liveCpu: '',
              })),
              instance: figures,
              idleRssMiB: idle.rssMiB,
              peakRssMiB: (await memoryOf(server.pid)).peakRssMiB,
            };
          }
          const views = consoleViews(hostKeys, clusterKeys, Number(values.background)).filter((view) =>
            wanted.includes(view.name),
          );
          for (const [index, view] of views.entries()) {
            log(`${view.name}: opening ${values.opens} times`);
            const opens: OpenFigures[] = [];
            let filter: FilterFigures | undefined;
            for (let open = 0; open < Number(values.opens); open++) {
              const { page, opened } = await openView(context, view);
              opens.push(opened);
              if (view.list && open === 0) filter = await typeFilter(page, view.list);
              await page.close();
            }
            log(`${view.name}: opens ${JSON.stringify(opens)}, filter ${JSON.stringify(filter)}; scrolling`);
            const tabProfile =
              values['tab-cpu-prof'] &&
              join(values['tab-cpu-prof'], `${view.name.replaceAll(' ', '-')}.cpuprofile`);
            const scroll = view.list
              ? await scrollEveryPage(context, view, Number(values.pages), tabProfile)
              : view.pan
                ? await panView(context, view, tabProfile)
                : undefined;
            log(`${view.name}: ${values.rate} changes/s for ${values.seconds} s`);
            // The benchmark's own processes (this one, the server, PostgreSQL, Chromium with the tab just
            // opened, the control plane), read as the writes start and end: the live figures depend on
            // who took the two cores, and other work on a shared machine is not the benchmark's.
            const traceDir = values.trace;
            let processes: TracedProcess[] = [];
            let cpuBefore = new Map<string, number>();
            let liveCpu = '';
            let tracing: { stop: () => Promise<LiveTrace> } | undefined;
            const writing = {
              started: async () => {
                processes = await benchProcesses(server.pid, clusterDir);
                cpuBefore = cpuSecondsByGroup(processes);
                if (traceDir) tracing = startLiveTrace(processes, server.url, kc);
              },
              ended: async () => {
                liveCpu = describeCpuDelta(cpuBefore, cpuSecondsByGroup(processes));
                const trace = await tracing?.stop();
                if (!trace || !traceDir) return;
                const output = server.output();
                trace.serverGc = gcDuring(trace, gcPauses(output), await processStartedAt(server.pid));
                const apiserver = processes.find((each) => each.name === 'kube-apiserver');
                if (apiserver) {
                  trace.apiserverGc = gcDuring(
                    trace,
                    await apiserverGcCycles(clusterDir),
                    await processStartedAt(apiserver.pid),
                  );
                }
                await writeFile(join(traceDir, 'server.log'), output);
                const file = join(traceDir, `${view.name.replaceAll(' ', '-')}.trace.json`);
                await writeFile(file, JSON.stringify(trace));
                for (const line of describeTrace(trace)) log(`${view.name} trace: ${line}`);
              },
            };
            const [live] = await liveUpdates(windows, [{ view, timed: true }], kc, {
              rate: Number(values.rate),
              seconds: Number(values.seconds),
              firstSeq: index * 10_000_000,
              watchCount: Number(values.watch),
              planner: (timed, _spared, count) => roundRobin(timed, view.background.keys, count),
              serverRss,
              writing,
            });
            if (!live) throw new Error(`${view.name}: no live figures`);
            const result = { view: view.name, opens, filter, scroll, live, liveCpu };
            log(JSON.stringify(result));
            measured.push(result);
          }
          if (values.trace) await copyControlPlaneLogs(clusterDir, values.trace);
          return {
            results: measured,
            instance: undefined as InstanceFigures | undefined,
            idleRssMiB: idle.rssMiB,
            peakRssMiB: (await memoryOf(server.pid)).peakRssMiB,
          };
        } finally {
          await browser.close();
        }
      } finally {
        await stopLab?.();
        await server.stop();
      }
    } finally {
      await database.stop();
      await rm(stateDir, { recursive: true, force: true });
    }
  },
  // Under --trace, kube-apiserver's collections are lined up with the live phase too.
  { traceApiserverGc: values.trace !== undefined },
);

const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '—' : value.toFixed(0);
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
console.log(`started ${started.toISOString()}; ${describeLoadAverages(loadBefore, loadavg())}`);
console.log(
  `${hostCount} BareMetalHosts in ${values.racks} racks, ${clusterCount} SIPClusters; ${values.rate} changes/s for ${values.seconds} s; server RSS idle ${idleRssMiB.toFixed(0)} MiB, peak ${peakRssMiB.toFixed(0)} MiB`,
);
console.log(
  '| view | first rows (document / scripts run / socket open / subscribed / first message), ms, each open | filter → rows (ms) | INP (ms) | pages scrolled (racks: screens panned) | long tasks > 50 ms (longest ms) | changes sent (per s) | timed changes | write answered p50 / p99 (ms) | write → frame received p50 / p99 (ms) | answered → paint p50 / p99 (ms) | frame → paint p50 / p99 (ms) | write → paint p50 / p99 / max (ms) | lost | final = fresh | tab heap (MiB) | server RSS (MiB) | WS bytes per change (frames) | HTTP requests meanwhile |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const { live } = r;
  console.log(
    [
      r.view,
      r.opens
        .map(
          (o) =>
            `${ms(o.firstMs)} (${[o.documentMs, o.scriptsMs, o.socketMs, o.sendMs, o.messageMs].map(ms).join(' / ')}; ${o.requests} requests)`,
        )
        .join(', '),
      ms(r.filter?.filterMs),
      ms(r.filter?.inpMs),
      r.scroll?.pages ?? '—',
      r.scroll ? `${r.scroll.longTasks} (${ms(r.scroll.longestTaskMs)})` : '—',
      `${live.sent}${live.failedWrites ? ` + ${live.failedWrites} failed` : ''} (${live.rate.toFixed(0)})`,
      `${live.writes} on ${live.watched}`,
      `${ms(live.answerP50Ms)} / ${ms(live.answerP99Ms)}`,
      `${ms(live.frameP50Ms)} / ${ms(live.frameP99Ms)}`,
      `${ms(live.answeredPaintP50Ms)} / ${ms(live.answeredPaintP99Ms)}`,
      `${ms(live.framePaintP50Ms)} / ${ms(live.framePaintP99Ms)}`,
      `${ms(live.p50Ms)} / ${ms(live.p99Ms)} / ${ms(live.maxMs)}`,
      live.lost ? `${live.lost} (${live.lostUnreceived} never received)` : 0,
      live.finalMatches ? 'yes' : 'NO',
      live.heapMiB.toFixed(0),
      live.rssMiB.toFixed(0),
      `${(live.wsBytes / Math.max(1, live.sent)).toFixed(0)} (${live.wsFrames})`,
      live.httpRequests,
    ]
      .join(' | ')
      .replace(/^/, '| ') + ' |',
  );
}
for (const { view, live } of results) {
  console.log(
    `${view}: frame → the page's message event p50 / p99 ${ms(live.frameMessageP50Ms)} / ${ms(live.frameMessageP99Ms)} ms, message → paint ${ms(live.messagePaintP50Ms)} / ${ms(live.messagePaintP99Ms)} ms; visibility ${live.visibility}, ${live.framesPerSecond} animation frames a second after the writes`,
  );
}
for (const { view, liveCpu } of results) {
  if (liveCpu) console.log(`${view}, CPU seconds during the changes: ${liveCpu}`);
}
for (const { view, live } of results) {
  const slowest = live.slowest.map(
    (write) =>
      `${ms(write.ms)} ms (answered in ${ms(write.answerMs)}, its frame at ${ms(write.frameMs)}) sent at ${write.atS.toFixed(1)} s`,
  );
  console.log(`${view}, slowest writes → paint: ${slowest.join(', ')}`);
}
if (instance) {
  const lost = instance.tabs.reduce((sum, tab) => sum + tab.lost, 0);
  console.log(
    `instance: controllers and lab on; the server's CPU during the changes ${instance.serverCpuSeconds.toFixed(1)} s, ${instance.serverCpuMsPerChange.toFixed(1)} ms per change answered; the control plane's ${instance.controlPlaneCpu}; this script with the lab ${instance.benchCpuSeconds.toFixed(1)} s; API server requests per change ${instance.requestsPerChange.total.toFixed(2)} (${instance.requestsPerChange.byKind}); lost changes ${lost} (target 0: ${lost === 0 ? 'met' : 'NOT met'})`,
  );
}
for (const { view, scroll } of results) {
  if (!scroll) continue;
  const f = scroll.frames;
  console.log(
    `${view}, scrolling: ${f.frames} long animation frames, ${ms(f.totalMs)} ms; script ${ms(f.scriptMs)} (style and layout it forced ${ms(f.forcedStyleLayoutMs)}), the frames' own style and layout ${ms(f.styleLayoutMs)}; by invoker: ${f.invokers.map((i) => `${i.invoker} ${ms(i.ms)} (${i.count})`).join(', ')}`,
  );
  const b = scroll.busy;
  console.log(
    `${view}, scrolling: main thread busy ${ms(b.task)} ms (script ${ms(b.script)}, style ${ms(b.style)}, layout ${ms(b.layout)}); ${scroll.elementsPerRow.toFixed(1)} elements per ${view === 'racks' ? 'host box' : 'row'}`,
  );
}
process.exit(0);
