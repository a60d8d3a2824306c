// npm run bench:sip [-- --hosts 1000,5000 --clusters 100,1000 --floor]
// Measures the SIPCluster controller on a throw-away local control plane: time from creating the
// clusters to all Ready, reconciles per second, reconcile duration (whole, and planning alone),
// API writes per cluster, CPU by process and the process's RSS. With --floor, no controller runs and
// the objects it would own are applied directly: the control plane's share alone, the floor for any
// controller on this machine. A script, not a test: it asserts nothing.
import { cpus, tmpdir, totalmem } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { KubeConfig, type V1Deployment, type V1Secret } from '@kubernetes/client-node';
import { planSipCluster } from '../../server/controllers/sip-cluster/plan-sip-cluster';
import { sipClusterDeclaration } from '../../server/controllers/sip-cluster';
import { applyObject } from '../../server/kube/apply';
import { installCrds, readCrdFiles } from '../../server/kube/install-crds';
import { applyInDependencyOrder } from '../../server/kube/sync-owned-objects';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath, deploymentResource, secretResource } from '../../server/kube/resource';
import { SIP_CLUSTER_NAME_LABEL } from '../../server/schemas/host-labels';
import {
  bareMetalHostResource,
  sipClusterResource,
  type BareMetalHost,
  type SIPCluster,
} from '../../server/types/crds';
import { deleteLocalCluster } from '../../tools/controlplane/local-cluster';
import { bringUpLocalCluster, localClusterOptions } from '../../tools/controlplane/local-environment';
import { startControllers } from '../../tools/testenv/controller-harness';
import { cpuByCommand, describeCpuDelta } from './process-cpu';
import { asStoredSecret, hostObjects, hostsOf, NAMESPACE, sipCluster } from './sip-bench-objects';

function log(line: string): void {
  console.log(`[bench] ${line}`);
}

async function inBatches<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

interface RunResult {
  hosts: number;
  clusters: number;
  seconds: number;
  reconcilesPerSecond: number;
  p50ms: number;
  p99ms: number;
  planP50ms: number;
  planP99ms: number;
  writesPerCluster: number;
  writesByVerb: string;
  conflictsPerCluster: number;
  cpuSeconds: string;
  rssMiB: number;
}

interface FloorResult {
  hosts: number;
  clusters: number;
  seconds: number;
  cpuSeconds: string;
}

interface Bench {
  kc: KubeConfig;
  /** Marks the control plane's processes on their command lines (for the CPU figures). */
  stateDir: string;
}

/** A throw-away local control plane with `hosts` BareMetalHosts and their Secrets, for `measure`. */
async function withSeededCluster<T>(hosts: number, measure: (bench: Bench) => Promise<T>): Promise<T> {
  const stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-bench-'));
  const options = {
    ...(await localClusterOptions(stateDir, log, `bench-${process.pid}`)),
    disableQpsLimits: true,
  };
  try {
    const kubeconfig = await bringUpLocalCluster(options, log);
    const kc = new KubeConfig();
    kc.loadFromFile(kubeconfig);
    await installCrds(kc, await readCrdFiles('crds'));
    await kubeRequestJson(kc, '/api/v1/namespaces', {
      method: 'POST',
      body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NAMESPACE } },
    });
    log(`creating ${hosts} hosts with their networkData and BMC Secrets`);
    const seedStart = Date.now();
    await inBatches(
      Array.from({ length: hosts }, (_, i) => i),
      16,
      async (i) => {
        const [network, bmc, host] = hostObjects(i);
        await applyObject(kc, secretResource, network);
        await applyObject(kc, secretResource, bmc);
        await applyObject(kc, bareMetalHostResource, host);
      },
    );
    log(`hosts created in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    return await measure({ kc, stateDir });
  } finally {
    await deleteLocalCluster(options).catch(() => undefined);
    await rm(stateDir, { recursive: true, force: true });
  }
}

function createClusters(kc: KubeConfig, clusters: number): Promise<void> {
  return inBatches(
    Array.from({ length: clusters }, (_, i) => i),
    16,
    (i) =>
      kubeRequestJson(kc, collectionPath(sipClusterResource, NAMESPACE), {
        method: 'POST',
        body: sipCluster(i),
      }),
  );
}

async function measureController(
  { kc, stateDir }: Bench,
  hosts: number,
  clusters: number,
): Promise<RunResult> {
  const harness = await startControllers(kc, ['sip']);
  const durations: number[] = [];
  const histogram = harness.metrics.reconcileDuration;
  const originalObserve = histogram.observe.bind(histogram);
  histogram.observe = (labels: unknown, value?: number) => {
    if (typeof value === 'number') durations.push(value * 1000);
    originalObserve(labels as never, value as never);
  };
  try {
    const cpuBefore = await cpuByCommand(stateDir);
    const started = Date.now();
    await createClusters(kc, clusters);
    const informer = harness.informers.informer<SIPCluster>('SIPCluster');
    const hostInformer = harness.informers.informer<BareMetalHost>('BareMetalHost');
    let scheduledAfter: number | undefined;
    for (;;) {
      if (scheduledAfter === undefined) {
        const labelled = hostInformer
          .list()
          .filter((h) => h.metadata.labels?.[SIP_CLUSTER_NAME_LABEL]).length;
        if (labelled === clusters * 3) scheduledAfter = (Date.now() - started) / 1000;
      }
      const ready = informer
        .list()
        .filter((c) => c.status?.conditions?.some((x) => x.type === 'Ready' && x.status === 'True')).length;
      if (ready === clusters) break;
      if (Date.now() - started > 15 * 60_000)
        throw new Error(`only ${ready} of ${clusters} Ready after 15 min`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (Date.now() - started) / 1000;
    log(
      `all hosts labelled after ${scheduledAfter?.toFixed(1) ?? '?'} s, all Ready after ${seconds.toFixed(1)} s`,
    );
    const rssMiB = process.memoryUsage().rss / 2 ** 20;
    const cpuSeconds = describeCpuDelta(cpuBefore, await cpuByCommand(stateDir));

    // Planning alone (no API round trips), on the final caches: every cluster planned once.
    const allHosts = hostInformer.list();
    const secrets = harness.informers.informer<V1Secret>('Secret');
    const deployments = harness.informers.informer<V1Deployment>('Deployment');
    const planTimes = informer.list().map((cluster) => {
      const t = process.hrtime.bigint();
      planSipCluster(
        {
          cluster,
          hosts: allHosts,
          secret: (ns, name) => secrets.get(name, ns),
          deployment: (ns, name) => deployments.get(name, ns),
        },
        new Date(),
      );
      return Number(process.hrtime.bigint() - t) / 1e6;
    });

    const writes = await harness.metrics.writes.get();
    const totalWrites = writes.values.reduce((sum, v) => sum + v.value, 0);
    const reconcileCounts = (await harness.metrics.reconciles.get()).values;
    const reconciles = reconcileCounts.reduce((sum, v) => sum + v.value, 0);
    const conflicts = reconcileCounts
      .filter((v) => v.labels.result === 'conflict')
      .reduce((sum, v) => sum + v.value, 0);
    durations.sort((a, b) => a - b);
    planTimes.sort((a, b) => a - b);
    return {
      hosts,
      clusters,
      seconds,
      reconcilesPerSecond: reconciles / seconds,
      p50ms: quantile(durations, 0.5),
      p99ms: quantile(durations, 0.99),
      planP50ms: quantile(planTimes, 0.5),
      planP99ms: quantile(planTimes, 0.99),
      writesPerCluster: totalWrites / clusters,
      writesByVerb: writes.values
        .map((v) => `${String(v.labels.verb)} ${(v.value / clusters).toFixed(2)}`)
        .join(', '),
      conflictsPerCluster: conflicts / clusters,
      cpuSeconds,
      rssMiB,
    };
  } finally {
    await harness.stop();
  }
}

/**
 * What no controller can beat here: each SIPCluster is created and the objects the controller would
 * own (rendered by the same planner, on hosts as if already labelled) are applied straight away, with
 * no controller running and none of its other writes (finalizer, host labels, status, events); then
 * the time until every Deployment is available. The rest is the control plane's own work.
 */
async function measureFloor({ kc, stateDir }: Bench, hosts: number, clusters: number): Promise<FloorResult> {
  const cpuBefore = await cpuByCommand(stateDir);
  const started = Date.now();
  await inBatches(
    Array.from({ length: clusters }, (_, i) => i),
    16,
    async (i) => {
      const cluster = await kubeRequestJson<SIPCluster>(kc, collectionPath(sipClusterResource, NAMESPACE), {
        method: 'POST',
        body: sipCluster(i),
      });
      const clusterHosts = hostsOf(cluster, i);
      const secrets = new Map(
        [5 * i, 5 * i + 1, 5 * i + 2].flatMap((hostIndex) =>
          hostObjects(hostIndex)
            .slice(0, 2)
            .map((secret) => [secret.metadata?.name ?? '', asStoredSecret(secret as V1Secret)] as const),
        ),
      );
      const plan = planSipCluster(
        {
          cluster,
          hosts: clusterHosts,
          secret: (_namespace, name) => secrets.get(name),
          deployment: () => undefined,
        },
        new Date(),
      );
      await applyInDependencyOrder(kc, sipClusterDeclaration.owns, plan.objects);
    },
  );
  for (;;) {
    const list = await kubeRequestJson<{ items: V1Deployment[] }>(
      kc,
      collectionPath(deploymentResource, NAMESPACE),
    );
    const available = list.items.filter((d) =>
      d.status?.conditions?.some((c) => c.type === 'Available' && c.status === 'True'),
    ).length;
    if (available === clusters) break;
    if (Date.now() - started > 15 * 60_000)
      throw new Error(`only ${available} of ${clusters} available after 15 min`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (Date.now() - started) / 1000;
  log(`floor: every Deployment available after ${seconds.toFixed(1)} s`);
  return { hosts, clusters, seconds, cpuSeconds: describeCpuDelta(cpuBefore, await cpuByCommand(stateDir)) };
}

const { values } = parseArgs({
  options: {
    hosts: { type: 'string', default: '1000,5000' },
    clusters: { type: 'string', default: '100,1000' },
    floor: { type: 'boolean', default: false },
  },
});
const hostCounts = values.hosts.split(',').map(Number);
const clusterCounts = values.clusters.split(',').map(Number);
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
if (values.floor) {
  console.log('| hosts | clusters | floor: all Deployments available (s) | CPU s by process |');
  console.log('|---|---|---|---|');
} else {
  console.log(
    '| hosts | clusters | all Ready (s) | reconciles/s | reconcile p50 / p99 (ms) | planning p50 / p99 (ms) | writes/cluster | writes by verb per cluster | conflicts/cluster | CPU s by process (first create to all Ready) | RSS (MiB) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
}
for (const hosts of hostCounts) {
  for (const clusters of clusterCounts) {
    if (clusters * 3 > hosts) continue;
    if (values.floor) {
      const r = await withSeededCluster(hosts, (bench) => measureFloor(bench, hosts, clusters));
      console.log(`| ${r.hosts} | ${r.clusters} | ${r.seconds.toFixed(1)} | ${r.cpuSeconds} |`);
      continue;
    }
    const r = await withSeededCluster(hosts, (bench) => measureController(bench, hosts, clusters));
    console.log(
      `| ${r.hosts} | ${r.clusters} | ${r.seconds.toFixed(1)} | ${r.reconcilesPerSecond.toFixed(0)} | ${r.p50ms.toFixed(1)} / ${r.p99ms.toFixed(1)} | ${r.planP50ms.toFixed(2)} / ${r.planP99ms.toFixed(2)} | ${r.writesPerCluster.toFixed(1)} | ${r.writesByVerb} | ${r.conflictsPerCluster.toFixed(2)} | ${r.cpuSeconds} | ${r.rssMiB.toFixed(0)} |`,
    );
  }
}
process.exit(0);
