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
import { parseArgs } from 'node:util';
import type { KubeConfig, V1Deployment } from '@kubernetes/client-node';
import { SIP_CLUSTER_OWNER_LABEL, sipClusterDeclaration } from '../../server/controllers/sip-cluster';
import { mergePatch } from '../../server/kube/apply';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath, deploymentResource } from '../../server/kube/resource';
import { applyInDependencyOrder } from '../../server/kube/sync-owned-objects';
import { applyStatus } from '../../server/kube/write-status';
import { bareMetalHostResource, sipClusterResource, type SIPCluster } from '../../server/types/crds';
import { runAlternatingRounds } from './alternating-rounds';
import { parseRunner } from './controller-child';
import {
  finishAsReady,
  measureController,
  printFloorBench,
  sleep,
  TIMEOUT_MS,
  withRequestCounts,
  WriteTally,
  type FloorBenchRun,
  type MeasuredRun,
  floorFigures,
} from './floor-bench';
import { cpuByCommand } from './process-cpu';
import { NAMESPACE } from './sip-bench-objects';
import { createSipCluster, seedHosts } from './sip-bench-seed';
import { sipFloorFirstPass, sipFloorReadyStatus, sipObjectsFloor } from './sip-work-floor';
import { benchLog as log, inBatches, withThrowawayCluster, type ThrowawayCluster } from './throwaway-cluster';

const MODES = ['work', 'objects', 'controller'] as const;
type Mode = (typeof MODES)[number];

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

const listDeployments = async (kc: KubeConfig) =>
  (await kubeRequestJson<{ items: V1Deployment[] }>(kc, collectionPath(deploymentResource, NAMESPACE))).items;

/**
 * The work floor: per cluster, create it, store the finalizer, then label its hosts and apply its
 * objects together (as the controller's first pass does); a Deployment list every 250 ms finds the
 * clusters whose load balancer serves, and each gets one Ready status write.
 */
async function measureWorkFloor({ kc, stateDir }: ThrowawayCluster): Promise<FloorBenchRun> {
  const cpuBefore = await cpuByCommand(stateDir);
  const started = Date.now();
  const writes = new WriteTally();
  const created = new Map<string, { cluster: SIPCluster; index: number }>();
  const creating = inBatches(clusterIndexes, 16, async (i) => {
    const posted = await createSipCluster(kc, i);
    const { finalizerPatch, hostLabelPatches, objects } = sipFloorFirstPass(
      posted,
      i,
      sipClusterDeclaration.finalizer ?? '',
    );
    const { namespace, name = '' } = posted.metadata;
    const cluster = await mergePatch<SIPCluster>(kc, sipClusterResource, namespace, name, finalizerPatch);
    writes.add('finalizer');
    await Promise.all([
      ...hostLabelPatches.map(async ({ namespace: hostNamespace, name: host, patch }) => {
        await mergePatch(kc, bareMetalHostResource, hostNamespace, host, patch);
        writes.add('label');
      }),
      applyInDependencyOrder(kc, sipClusterDeclaration.owns, objects, () => {
        writes.add('apply');
      }),
    ]);
    created.set(name, { cluster, index: i });
  });
  await finishAsReady({
    started,
    total: clusterCount,
    background: creating,
    pending: () => [...created.values()],
    readyNow: async (pending) => {
      const deployments = new Map(
        (await listDeployments(kc)).map(
          (d) => [d.metadata?.labels?.[SIP_CLUSTER_OWNER_LABEL] ?? '', d] as const,
        ),
      );
      return pending.flatMap(({ cluster, index }) => {
        const status = sipFloorReadyStatus(cluster, index, deployments.get(cluster.metadata.name ?? ''));
        if (!status) return [];
        created.delete(cluster.metadata.name ?? '');
        return [{ cluster, index, status }];
      });
    },
    finish: async ({ cluster, status }) => {
      await applyStatus(kc, sipClusterResource, cluster, status);
      writes.add('status');
    },
  });
  const run = await floorFigures(stateDir, { started, cpuBefore }, writes, clusterCount);
  log(`work floor: every cluster's Ready status written after ${run.seconds.toFixed(1)} s`);
  return run;
}

/**
 * The floor before the work floor: each SIPCluster created and its objects (rendered by the same
 * planner on hosts as if already labelled) applied, nothing else; done when every Deployment is
 * available. The control plane's share alone.
 */
async function measureObjectsFloor({ kc, stateDir }: ThrowawayCluster): Promise<FloorBenchRun> {
  const cpuBefore = await cpuByCommand(stateDir);
  const started = Date.now();
  const writes = new WriteTally();
  await inBatches(clusterIndexes, 16, async (i) => {
    const cluster = await createSipCluster(kc, i);
    await applyInDependencyOrder(kc, sipClusterDeclaration.owns, sipObjectsFloor(cluster, i), () => {
      writes.add('apply');
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
  const run = await floorFigures(stateDir, { started, cpuBefore }, writes, clusterCount);
  log(`objects floor: every Deployment available after ${run.seconds.toFixed(1)} s`);
  return run;
}

const measure: Record<Mode, (bench: ThrowawayCluster) => Promise<FloorBenchRun>> = {
  work: measureWorkFloor,
  objects: measureObjectsFloor,
  controller: (bench) =>
    measureController(bench, {
      controller: 'sip',
      runner,
      nodeFlags,
      count: clusterCount,
      create: createSipCluster,
    }),
};

async function run(mode: Mode, round: number): Promise<MeasuredRun> {
  log(`round ${round + 1}: ${mode}`);
  return withThrowawayCluster(NAMESPACE, async (bench) => {
    await seedHosts(bench.kc, hostCount);
    return withRequestCounts(bench, clusterCount, () => measure[mode](bench));
  });
}

const results = await runAlternatingRounds(rounds, modes, run);
printFloorBench(results, {
  description: `${hostCount} hosts, ${clusterCount} clusters; controller runner: ${runner} ${nodeFlags.join(' ')}`,
  count: clusterCount,
  unit: 'cluster',
  floors: ['work', 'objects'],
  controller: 'controller',
});
process.exit(0);
