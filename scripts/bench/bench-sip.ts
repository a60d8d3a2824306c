// npm run bench:sip [-- --hosts 1000,5000 --clusters 100,1000 --runner build|tsx --node-flags '…' --floor]
// Measures the SIPCluster controller on a throw-away local control plane: time from creating the
// clusters to all Ready, reconciles per second, reconcile duration (whole, and planning alone),
// API writes per cluster, CPU by process and the controller process's RSS and peak RSS. The controller
// runs in a process of its own, compiled as `npm start` runs the server (`--runner tsx`: from the
// sources through tsx, as the server ran before). With --floor, no controller runs and
// the objects it would own are applied directly: the control plane's share alone, the floor for any
// controller on this machine. A script, not a test: it asserts nothing.
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { type KubeConfig, type V1Deployment, type V1Secret } from '@kubernetes/client-node';
import { planSipCluster } from '../../server/controllers/sip-cluster/plan-sip-cluster';
import { sipClusterDeclaration } from '../../server/controllers/sip-cluster';
import { applyObject, mergePatch } from '../../server/kube/apply';
import { applyInDependencyOrder } from '../../server/kube/sync-owned-objects';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath, deploymentResource, secretResource } from '../../server/kube/resource';
import { bareMetalHostResource, sipClusterResource, type SIPCluster } from '../../server/types/crds';
import { quantile } from './bench-statistics';
import { cpuByCommand, describeCpuDelta } from './process-cpu';
import { benchLog, inBatches, withThrowawayCluster, type ThrowawayCluster } from './throwaway-cluster';
import { nextMessage, parseRunner, spawnController, type Runner } from './controller-child';
import { asStoredSecret, hostObjects, hostsOf, NAMESPACE, sipCluster } from './sip-bench-objects';

const log = benchLog;

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
  /** The controller process's resident set when all were Ready, and its peak over its whole life. */
  rssMiB: number;
  peakRssMiB: number;
  heapUsedMiB: number;
}

interface FloorResult {
  hosts: number;
  clusters: number;
  seconds: number;
  cpuSeconds: string;
}

type Bench = ThrowawayCluster;

/** A throw-away local control plane with `hosts` BareMetalHosts and their Secrets, for `measure`. */
function withSeededCluster<T>(hosts: number, measure: (bench: Bench) => Promise<T>): Promise<T> {
  return withThrowawayCluster(NAMESPACE, async (bench) => {
    log(`creating ${hosts} hosts with their networkData and BMC Secrets`);
    const seedStart = Date.now();
    await inBatches(
      Array.from({ length: hosts }, (_, i) => i),
      16,
      async (i) => {
        const [network, bmc, host] = hostObjects(i);
        await applyObject(bench.kc, secretResource, network);
        await applyObject(bench.kc, secretResource, bmc);
        await applyObject(bench.kc, bareMetalHostResource, host);
        // SIP schedules only hosts BMO reports available; status goes through its subresource.
        const { namespace, name = '' } = host.metadata;
        await mergePatch(bench.kc, bareMetalHostResource, namespace, name, { status: host.status }, 'status');
      },
    );
    log(`hosts created in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    return await measure(bench);
  });
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
  { kc, kubeconfig, stateDir }: Bench,
  hosts: number,
  clusters: number,
  runner: Runner,
): Promise<RunResult> {
  const child = await spawnController(kubeconfig, 'sip', runner, nodeFlags);
  try {
    const cpuBefore = await cpuByCommand(stateDir);
    const started = Date.now();
    await createClusters(kc, clusters);
    let scheduledAfter: number | undefined;
    for (;;) {
      const { placed: labelled, ready } = await nextMessage(child, 'progress', { progress: true });
      if (scheduledAfter === undefined && labelled === clusters * 3)
        scheduledAfter = (Date.now() - started) / 1000;
      if (ready === clusters) break;
      if (Date.now() - started > 15 * 60_000)
        throw new Error(`only ${ready} of ${clusters} Ready after 15 min`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (Date.now() - started) / 1000;
    log(
      `all hosts labelled after ${scheduledAfter?.toFixed(1) ?? '?'} s, all Ready after ${seconds.toFixed(1)} s`,
    );
    const cpuSeconds = describeCpuDelta(cpuBefore, await cpuByCommand(stateDir));
    const report = await nextMessage(child, 'report', { report: true });
    const totalWrites = report.writes.reduce((sum, w) => sum + w.count, 0);
    const durations = [...report.durations].sort((a, b) => a - b);
    const planTimes = [...report.planTimes].sort((a, b) => a - b);
    return {
      hosts,
      clusters,
      seconds,
      reconcilesPerSecond: report.reconciles / seconds,
      p50ms: quantile(durations, 0.5),
      p99ms: quantile(durations, 0.99),
      planP50ms: quantile(planTimes, 0.5),
      planP99ms: quantile(planTimes, 0.99),
      writesPerCluster: totalWrites / clusters,
      writesByVerb: report.writes.map((w) => `${w.verb} ${(w.count / clusters).toFixed(2)}`).join(', '),
      conflictsPerCluster: report.conflicts / clusters,
      cpuSeconds,
      rssMiB: report.rssMiB,
      peakRssMiB: report.peakRssMiB,
      heapUsedMiB: report.heapUsedMiB,
    };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
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
    runner: { type: 'string', default: 'build' },
    'node-flags': { type: 'string', default: '' },
  },
});
/** Extra Node or V8 flags for the controller process, to try memory settings. */
const nodeFlags = values['node-flags'].split(' ').filter(Boolean);
const runner = parseRunner(values.runner);
const hostCounts = values.hosts.split(',').map(Number);
const clusterCounts = values.clusters.split(',').map(Number);
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; controller runner: ${runner} ${nodeFlags.join(' ')}`,
);
if (values.floor) {
  console.log('| hosts | clusters | floor: all Deployments available (s) | CPU s by process |');
  console.log('|---|---|---|---|');
} else {
  console.log(
    '| hosts | clusters | all Ready (s) | reconciles/s | reconcile p50 / p99 (ms) | planning p50 / p99 (ms) | writes/cluster | writes by verb per cluster | conflicts/cluster | CPU s by process (first create to all Ready) | RSS (MiB) | peak RSS (MiB) | heap used (MiB) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
}
for (const hosts of hostCounts) {
  for (const clusters of clusterCounts) {
    if (clusters * 3 > hosts) continue;
    if (values.floor) {
      const r = await withSeededCluster(hosts, (bench) => measureFloor(bench, hosts, clusters));
      console.log(`| ${r.hosts} | ${r.clusters} | ${r.seconds.toFixed(1)} | ${r.cpuSeconds} |`);
      continue;
    }
    const r = await withSeededCluster(hosts, (bench) => measureController(bench, hosts, clusters, runner));
    console.log(
      `| ${r.hosts} | ${r.clusters} | ${r.seconds.toFixed(1)} | ${r.reconcilesPerSecond.toFixed(0)} | ${r.p50ms.toFixed(1)} / ${r.p99ms.toFixed(1)} | ${r.planP50ms.toFixed(2)} / ${r.planP99ms.toFixed(2)} | ${r.writesPerCluster.toFixed(1)} | ${r.writesByVerb} | ${r.conflictsPerCluster.toFixed(2)} | ${r.cpuSeconds} | ${r.rssMiB.toFixed(0)} | ${r.peakRssMiB.toFixed(0)} | ${r.heapUsedMiB.toFixed(0)} |`,
    );
  }
}
process.exit(0);
