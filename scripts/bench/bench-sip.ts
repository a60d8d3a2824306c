// npm run bench:sip [-- --hosts 2500 --clusters 500 --rounds 3 --modes work,controller --floor[=work|objects]
//                      --runner build|tsx --node-flags '…']
// Measures the SIPCluster controller against its floor in the same invocation: every run starts its
// own local control plane from the same recipe, creates N BareMetalHosts with their Secrets, then
// creates M SIPClusters at once and times until every cluster is done. Rounds alternate which mode
// goes first. Modes:
// - `controller`: the SIP controller in a process of its own (compiled as `npm start` runs the
//   server; `--runner tsx` from the sources); done when every cluster's status says Ready=True.
// - `work` (the floor): no controller; per cluster the writes any correct controller must make,
//   rendered by the same planner (sip-work-floor.ts): the finalizer, a label on each chosen host, the
//   owned objects, and once its Deployment serves one status write to Ready. Done when the last
//   status write returns.
// - `objects` (the floor before the work floor): only the SIPCluster creates and the owned objects;
//   done when every Deployment is available.
// `--floor` runs the work floor alone, `--floor=objects` the objects floor alone. Prints each run,
// the API server's requests per cluster (its /metrics, every client) and the median ratio
// controller / work floor with its range. A script, not a test: it asserts nothing.
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import type { KubeConfig, V1Deployment } from '@kubernetes/client-node';
import { SIP_CLUSTER_OWNER_LABEL, sipClusterDeclaration } from '../../server/controllers/sip-cluster';
import { applyObject, mergePatch } from '../../server/kube/apply';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath, deploymentResource, secretResource } from '../../server/kube/resource';
import { applyInDependencyOrder } from '../../server/kube/sync-owned-objects';
import { applyStatus } from '../../server/kube/write-status';
import { bareMetalHostResource, sipClusterResource, type SIPCluster } from '../../server/types/crds';
import { runAlternatingRounds } from './alternating-rounds';
import { describeRequestDelta, readRequestCounts } from './apiserver-requests';
import { describeRatio, quantile, ratioSummary } from './bench-statistics';
import { nextMessage, parseRunner, spawnController } from './controller-child';
import { cpuByCommand, describeCpuDelta } from './process-cpu';
import { hostObjects, NAMESPACE, sipCluster } from './sip-bench-objects';
import { sipFloorFirstPass, sipFloorReadyStatus, sipObjectsFloor } from './sip-work-floor';
import { benchLog as log, inBatches, withThrowawayCluster, type ThrowawayCluster } from './throwaway-cluster';

const MODES = ['work', 'objects', 'controller'] as const;
type Mode = (typeof MODES)[number];

interface Run {
  seconds: number;
  cpuSeconds: string;
  writes: number;
  writesByVerb: string;
  /** The API server's requests per cluster over the run, every client, and the largest kinds. */
  requestsPerCluster: number;
  requestsByKind: string;
  loadAverage: string;
  controller?: {
    reconciles: number;
    conflicts: number;
    durations: number[];
    planTimes: number[];
    peakRssMiB: number;
  };
}

type Measured = Omit<Run, 'requestsPerCluster' | 'requestsByKind' | 'loadAverage'>;

const TIMEOUT_MS = 15 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A bare `--floor` means the work floor; parseArgs wants a value for a string option.
const args = process.argv.slice(2).map((arg) => (arg === '--floor' ? '--floor=work' : arg));
const { values } = parseArgs({
  args,
  options: {
    hosts: { type: 'string', default: '2500' },
    clusters: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '3' },
    modes: { type: 'string', default: 'work,controller' },
    floor: { type: 'string' },
    runner: { type: 'string', default: 'build' },
    'node-flags': { type: 'string', default: '' },
  },
});
const parseMode = (mode: string): Mode => {
  const known = MODES.find((m) => m === mode);
  if (!known) throw new Error(`modes: ${MODES.join(', ')}; not ${mode}`);
  return known;
};
const modes = values.floor === undefined ? values.modes.split(',').map(parseMode) : [parseMode(values.floor)];
const hostCount = Number(values.hosts);
const clusterCount = Number(values.clusters);
const rounds = values.floor === undefined ? Number(values.rounds) : 1;
if (!(clusterCount >= 1 && hostCount >= 5 * clusterCount))
  throw new Error('need at least one cluster and five hosts per cluster (cluster i takes hosts 5i…5i+2)');
/** Extra Node or V8 flags for the controller process (memory settings, --cpu-prof). */
const nodeFlags = values['node-flags'].split(' ').filter(Boolean);
const runner = parseRunner(values.runner);
const clusterIndexes = Array.from({ length: clusterCount }, (_, i) => i);

/** Creates the hosts with their networkData and BMC Secrets, each host reported available by BMO. */
async function seedHosts(kc: KubeConfig): Promise<void> {
  const started = Date.now();
  await inBatches(
    Array.from({ length: hostCount }, (_, i) => i),
    16,
    async (i) => {
      const [network, bmc, host] = hostObjects(i);
      await applyObject(kc, secretResource, network);
      await applyObject(kc, secretResource, bmc);
      await applyObject(kc, bareMetalHostResource, host);
      // SIP schedules only hosts BMO reports available; status goes through its subresource.
      const { namespace, name = '' } = host.metadata;
      await mergePatch(kc, bareMetalHostResource, namespace, name, { status: host.status }, 'status');
    },
  );
  log(`${hostCount} hosts created in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const createCluster = (kc: KubeConfig, i: number) =>
  kubeRequestJson<SIPCluster>(kc, collectionPath(sipClusterResource, NAMESPACE), {
    method: 'POST',
    body: sipCluster(i),
  });

const listDeployments = async (kc: KubeConfig) =>
  (await kubeRequestJson<{ items: V1Deployment[] }>(kc, collectionPath(deploymentResource, NAMESPACE))).items;

async function measureController({ kc, kubeconfig, stateDir }: ThrowawayCluster): Promise<Measured> {
  const child = await spawnController(kubeconfig, 'sip', runner, nodeFlags);
  try {
    const cpuBefore = await cpuByCommand(stateDir);
    const started = Date.now();
    await inBatches(clusterIndexes, 16, (i) => createCluster(kc, i));
    let labelledAfter: number | undefined;
    for (;;) {
      const { placed, ready } = await nextMessage(child, 'progress', { progress: true });
      if (labelledAfter === undefined && placed === clusterCount * 3)
        labelledAfter = (Date.now() - started) / 1000;
      if (ready === clusterCount) break;
      if (Date.now() - started > TIMEOUT_MS) throw new Error(`only ${ready} of ${clusterCount} Ready`);
      await sleep(100);
    }
    const seconds = (Date.now() - started) / 1000;
    log(
      `controller: all hosts labelled after ${labelledAfter?.toFixed(1) ?? '?'} s, all Ready after ${seconds.toFixed(1)} s`,
    );
    const cpuSeconds = describeCpuDelta(cpuBefore, await cpuByCommand(stateDir));
    const report = await nextMessage(child, 'report', { report: true });
    return {
      seconds,
      cpuSeconds,
      writes: report.writes.reduce((sum, w) => sum + w.count, 0),
      writesByVerb: report.writes.map((w) => `${w.verb} ${(w.count / clusterCount).toFixed(2)}`).join(', '),
      controller: {
        reconciles: report.reconciles,
        conflicts: report.conflicts,
        durations: [...report.durations].sort((a, b) => a - b),
        planTimes: [...report.planTimes].sort((a, b) => a - b),
        peakRssMiB: report.peakRssMiB,
      },
    };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/**
 * The work floor: per cluster, create it, store the finalizer, then label its hosts and apply its
 * objects together (as the controller's first pass does); a Deployment list every 250 ms finds the
 * clusters whose load balancer serves, and each gets one Ready status write.
 */
async function measureWorkFloor({ kc, stateDir }: ThrowawayCluster): Promise<Measured> {
  const cpuBefore = await cpuByCommand(stateDir);
  const started = Date.now();
  const writes = { finalizer: 0, label: 0, apply: 0, status: 0 };
  const created = new Map<string, { cluster: SIPCluster; index: number }>();
  const creating = inBatches(clusterIndexes, 16, async (i) => {
    const posted = await createCluster(kc, i);
    const { finalizerPatch, hostLabelChanges, objects } = sipFloorFirstPass(
      posted,
      i,
      sipClusterDeclaration.finalizer ?? '',
    );
    const { namespace, name = '' } = posted.metadata;
    const cluster = await mergePatch<SIPCluster>(kc, sipClusterResource, namespace, name, finalizerPatch);
    writes.finalizer++;
    await Promise.all([
      ...hostLabelChanges.map(async (change) => {
        await mergePatch(kc, bareMetalHostResource, change.namespace, change.name, {
          metadata: { resourceVersion: change.resourceVersion, labels: change.labels },
        });
        writes.label++;
      }),
      applyInDependencyOrder(kc, sipClusterDeclaration.owns, objects, () => {
        writes.apply++;
      }),
    ]);
    created.set(name, { cluster, index: i });
  });
  let failed: Error | undefined;
  creating.catch((error: unknown) => (failed = error instanceof Error ? error : new Error(String(error))));
  const done = new Set<string>();
  while (done.size < clusterCount) {
    if (failed) throw failed;
    if (Date.now() - started > TIMEOUT_MS) throw new Error(`only ${done.size} of ${clusterCount} Ready`);
    await sleep(250);
    const deployments = new Map(
      (await listDeployments(kc)).map(
        (d) => [d.metadata?.labels?.[SIP_CLUSTER_OWNER_LABEL] ?? '', d] as const,
      ),
    );
    const ready = [...created].flatMap(([name, { cluster, index }]) => {
      if (done.has(name)) return [];
      const status = sipFloorReadyStatus(cluster, index, deployments.get(name));
      return status ? [{ cluster, status }] : [];
    });
    await inBatches(ready, 16, async ({ cluster, status }) => {
      await applyStatus(kc, sipClusterResource, cluster, status);
      writes.status++;
      done.add(cluster.metadata.name ?? '');
    });
  }
  await creating;
  const seconds = (Date.now() - started) / 1000;
  log(`work floor: every cluster's Ready status written after ${seconds.toFixed(1)} s`);
  const total = writes.finalizer + writes.label + writes.apply + writes.status;
  return {
    seconds,
    cpuSeconds: describeCpuDelta(cpuBefore, await cpuByCommand(stateDir)),
    writes: total,
    writesByVerb: Object.entries(writes)
      .map(([verb, count]) => `${verb} ${(count / clusterCount).toFixed(2)}`)
      .join(', '),
  };
}

/**
 * The floor before the work floor: each SIPCluster created and its objects (rendered by the same
 * planner on hosts as if already labelled) applied, nothing else; done when every Deployment is
 * available. The control plane's share alone.
 */
async function measureObjectsFloor({ kc, stateDir }: ThrowawayCluster): Promise<Measured> {
  const cpuBefore = await cpuByCommand(stateDir);
  const started = Date.now();
  let applied = 0;
  await inBatches(clusterIndexes, 16, async (i) => {
    const cluster = await createCluster(kc, i);
    await applyInDependencyOrder(kc, sipClusterDeclaration.owns, sipObjectsFloor(cluster, i), () => {
      applied++;
    });
  });
  for (;;) {
    const available = (await listDeployments(kc)).filter((d) =>
      d.status?.conditions?.some((c) => c.type === 'Available' && c.status === 'True'),
    ).length;
    if (available === clusterCount) break;
    if (Date.now() - started > TIMEOUT_MS) throw new Error(`only ${available} of ${clusterCount} available`);
    await sleep(250);
  }
  const seconds = (Date.now() - started) / 1000;
  log(`objects floor: every Deployment available after ${seconds.toFixed(1)} s`);
  return {
    seconds,
    cpuSeconds: describeCpuDelta(cpuBefore, await cpuByCommand(stateDir)),
    writes: applied,
    writesByVerb: `apply ${(applied / clusterCount).toFixed(2)}`,
  };
}

const measure: Record<Mode, (bench: ThrowawayCluster) => Promise<Measured>> = {
  work: measureWorkFloor,
  objects: measureObjectsFloor,
  controller: measureController,
};

async function run(mode: Mode, round: number): Promise<Run> {
  log(`round ${round + 1}: ${mode}`);
  return withThrowawayCluster(NAMESPACE, async (bench) => {
    await seedHosts(bench.kc);
    const requestsBefore = await readRequestCounts(bench.kc);
    const loadBefore = loadavg()[0] ?? 0;
    const result = await measure[mode](bench);
    const requests = describeRequestDelta(requestsBefore, await readRequestCounts(bench.kc), clusterCount);
    return {
      ...result,
      requestsPerCluster: requests.total,
      requestsByKind: requests.byKind,
      loadAverage: `${loadBefore.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`,
    };
  });
}

const results = await runAlternatingRounds(rounds, modes, run);
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${hostCount} hosts, ${clusterCount} clusters; controller runner: ${runner} ${nodeFlags.join(' ')}; finished ${new Date().toISOString()}`,
);
console.log(
  '| round | mode | done (s) | writes/cluster | writes by verb per cluster | API requests/cluster (all clients) | reconciles | conflicts | reconcile p50 / p99 (ms) | planning p50 / p99 (ms) | controller peak RSS (MiB) | CPU s by process | load avg (1 min, start → end) |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const { round, mode, result: r } of results) {
  const c = r.controller;
  const ms = (sorted: number[]) => [0.5, 0.99].map((q) => quantile(sorted, q).toFixed(2)).join(' / ');
  console.log(
    `| ${round + 1} | ${mode} | ${r.seconds.toFixed(1)} | ${(r.writes / clusterCount).toFixed(2)} | ${r.writesByVerb} | ${r.requestsPerCluster.toFixed(1)} | ${c?.reconciles ?? '—'} | ${c?.conflicts ?? '—'} | ${c ? ms(c.durations) : '—'} | ${c ? ms(c.planTimes) : '—'} | ${c ? c.peakRssMiB.toFixed(0) : '—'} | ${r.cpuSeconds} | ${r.loadAverage} |`,
  );
}
console.log('API requests per cluster by verb and resource (top 12):');
for (const { round, mode, result: r } of results)
  console.log(`- round ${round + 1} ${mode}: ${r.requestsByKind}`);
const seconds = (mode: Mode, round: number) =>
  results.find((r) => r.mode === mode && r.round === round)?.result.seconds;
for (const floor of ['work', 'objects'] as const) {
  const paired = Array.from({ length: rounds }, (_, round) => ({
    measured: seconds('controller', round),
    floor: seconds(floor, round),
  })).filter(
    (r): r is { measured: number; floor: number } => r.measured !== undefined && r.floor !== undefined,
  );
  if (paired.length > 0)
    console.log(`controller / ${floor} floor: median ${describeRatio(ratioSummary(paired))}`);
}
process.exit(0);
