// bench:console --instance: the console as an operator runs it. The server runs as `npm start` runs
// it (every controller on) with the lab simulator beside it, the changes (label changes) spread over
// the whole fleet, and three tabs open: the hosts list with a name search (timed), the unfiltered
// hosts list (timed on its first rows as well) and the wall (open, not timed: label changes put no
// host on its lists). Reports the server's own CPU per change, read from its process.
import type { KubeConfig } from '@kubernetes/client-node';
import { startLab, type RunningLab } from '../../tools/lab/start-lab';
import { describeRequestDelta, readRequestCounts, type RequestCounts } from './apiserver-requests';
import { liveUpdates, type LiveFigures, type LiveTab } from './console-live';
import type { Windows } from './live-windows';
import type { ConsoleView } from './console-views';
import { cpuByCommand, cpuSecondsOf, describeCpuDelta, type CpuByCommand } from './process-cpu';
import { benchLog as log } from './throwaway-cluster';
import { spreadOverFleet } from './write-spread';

/** The lab's 12 virtual machines and 2 s steps, `npm start`'s defaults. */
const LAB_VIRTUAL_HOSTS = 12;
const LAB_STEP_MS = 2_000;

export interface InstanceOptions {
  rate: number;
  seconds: number;
  watchCount: number;
  /** The name search of the timed tab. */
  search: string;
  /** Of the writes, the share that goes to the objects the timed tabs show. */
  share: number;
  /** Which of the tabs to open (all three by default): to see what one tab does without the others. */
  tabs?: readonly InstanceTab[];
  /** A Chromium performance trace of the tabs while the writes go out, written to this file. */
  tracePath?: string;
}

export const INSTANCE_TABS = ['searched', 'unfiltered', 'wall'] as const;
export type InstanceTab = (typeof INSTANCE_TABS)[number];

/** `--tabs`: a comma-separated subset of INSTANCE_TABS. */
export function instanceTabNames(list: string): InstanceTab[] {
  const names = list.split(',');
  const unknown = names.filter((name) => !(INSTANCE_TABS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`--tabs: no tab ${unknown.join(', ')} (${INSTANCE_TABS.join(', ')})`);
  return names as InstanceTab[];
}

export interface InstanceFigures {
  tabs: LiveFigures[];
  /** The server process's CPU seconds while the writes were sent, and per write answered. */
  serverCpuSeconds: number;
  serverCpuMsPerChange: number;
  /** CPU seconds of the control plane's processes and of this script (the lab runs in it). */
  controlPlaneCpu: string;
  benchCpuSeconds: number;
  /**
   * What the API server served while the writes were sent, per change sent, by verb and resource and
   * from every client: the changes themselves are `PATCH baremetalhosts` 1.00, the rest is what the
   * server, the controllers, the lab and the control plane asked meanwhile.
   */
  requestsPerChange: { total: number; byKind: string };
}

/** The tabs: the searched hosts list and the whole one timed, the wall open beside them. */
export function instanceTabs(
  views: readonly ConsoleView[],
  search: string,
  wanted: readonly InstanceTab[] = INSTANCE_TABS,
): LiveTab[] {
  const byName = (name: string) => {
    const view = views.find((each) => each.name === name);
    if (!view) throw new Error(`no view ${name}`);
    return view;
  };
  const hosts = byName('hosts list');
  const tabs: Record<InstanceTab, LiveTab> = {
    searched: {
      view: hosts,
      path: `${hosts.path}?q=${encodeURIComponent(search)}`,
      name: `hosts list, search ${search}`,
      timed: true,
    },
    unfiltered: { view: hosts, timed: true },
    wall: { view: byName('wall'), timed: false },
  };
  return INSTANCE_TABS.filter((tab) => wanted.includes(tab)).map((tab) => tabs[tab]);
}

/** The lab simulator beside the server, as `npm start` runs it; stopped by the returned function. */
export async function startInstanceLab(kc: KubeConfig, serverUrl: string): Promise<() => Promise<void>> {
  const stopping = new AbortController();
  let lab: RunningLab | undefined;
  try {
    lab = await startLab(kc, {
      stepMs: LAB_STEP_MS,
      virtualHosts: LAB_VIRTUAL_HOSTS,
      bootUrl: `${serverUrl}/boot.ipxe`,
      signal: stopping.signal,
      log,
    });
  } catch (error) {
    stopping.abort();
    throw error;
  }
  const running = lab;
  return async () => {
    stopping.abort();
    await running.stop();
  };
}

/** The live phase of the instance mode over `fleet` (namespace/name of every host but the lab's). */
export async function instanceLive(
  windows: Windows,
  views: readonly ConsoleView[],
  kc: KubeConfig,
  {
    fleet,
    serverPid,
    controlPlaneMarker,
    serverRss,
    options,
  }: {
    fleet: readonly string[];
    serverPid: number;
    /** What the control plane's processes' command lines hold (its state directory). */
    controlPlaneMarker: string;
    serverRss: () => Promise<number>;
    options: InstanceOptions;
  },
): Promise<InstanceFigures> {
  let serverBefore = 0;
  let serverAfter = 0;
  let planeBefore: CpuByCommand = new Map();
  let planeAfter: CpuByCommand = new Map();
  let benchBefore = 0;
  let benchAfter = 0;
  let requestsBefore: RequestCounts = new Map();
  let requestsAfter: RequestCounts = new Map();
  const tabs = await liveUpdates(windows, instanceTabs(views, options.search, options.tabs), kc, {
    rate: options.rate,
    seconds: options.seconds,
    firstSeq: 0,
    watchCount: options.watchCount,
    planner: (timed, spared, count) => spreadOverFleet(timed, fleet, count, { share: options.share, spared }),
    serverRss,
    tracePath: options.tracePath,
    writing: {
      started: async () => {
        [serverBefore, planeBefore, benchBefore, requestsBefore] = await Promise.all([
          cpuSecondsOf(serverPid),
          cpuByCommand(controlPlaneMarker, false),
          cpuSecondsOf(process.pid),
          readRequestCounts(kc),
        ]);
      },
      ended: async () => {
        [serverAfter, planeAfter, benchAfter, requestsAfter] = await Promise.all([
          cpuSecondsOf(serverPid),
          cpuByCommand(controlPlaneMarker, false),
          cpuSecondsOf(process.pid),
          readRequestCounts(kc),
        ]);
      },
    },
  });
  const serverCpuSeconds = serverAfter - serverBefore;
  const changes = tabs[0]?.sent ?? 0;
  return {
    tabs,
    serverCpuSeconds,
    serverCpuMsPerChange: (serverCpuSeconds * 1000) / Math.max(1, changes),
    controlPlaneCpu: describeCpuDelta(planeBefore, planeAfter),
    benchCpuSeconds: benchAfter - benchBefore,
    requestsPerChange: describeRequestDelta(requestsBefore, requestsAfter, Math.max(1, changes)),
  };
}
