// npm run bench:contrail [-- --nodes 1000 --groups 100 --rounds 3 --modes floor,controller --runner build|tsx]
// Measures the vRouter group controller against its floor, in the same invocation: every run starts
// its own local control plane from the same recipe, creates N simulated nodes labelled for their
// group, then creates M vRouter groups (Vrouter CRs) at once and times until every group is ready.
// `controller`: the vRouter controller in a process of its own does the work. `floor`: no controller;
// the benchmark writes what any correct controller must (rendered by the same planner): each group's
// ConfigMap and DaemonSet, and once the DaemonSet is ready the agents' configuration keys and one
// Ready status. Rounds alternate which mode goes first. Reports the ratio controller / floor per
// round with its median and range, the planner's time per reconcile, and API writes per changed
// object (changes counted from watch events). A script, not a test: it asserts nothing.
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import type { KubeConfig, KubernetesObject, V1DaemonSet, V1Node, V1Pod } from '@kubernetes/client-node';
import { vrouterDeclaration } from '../../server/controllers/contrail';
import { planVrouter } from '../../server/controllers/contrail/plan-vrouter';
import { applyObject } from '../../server/kube/apply';
import { Informer } from '../../server/kube/informer';
import { kubeRequestJson } from '../../server/kube/kube-request';
import {
  collectionPath,
  configMapResource,
  daemonSetResource,
  type ResourceDescriptor,
} from '../../server/kube/resource';
import {
  applyInDependencyOrder,
  MANAGED_BY,
  MANAGED_BY_LABEL,
  normaliseOwned,
} from '../../server/kube/sync-owned-objects';
import { applyStatus } from '../../server/kube/write-status';
import { vrouterResource, type Vrouter } from '../../server/types/crds/vrouter';
import { pairedRounds, runAlternatingRounds } from './alternating-rounds';
import { describeRatio, quantile, ratioSummary } from './bench-statistics';
import { nextMessage, parseRunner, spawnController } from './controller-child';
import { benchGroup, benchNode, GROUP_LABEL, NAMESPACE } from './contrail-bench-objects';
import { controllerFigures, type FloorBenchRun } from './floor-bench';
import { ChangeCounter } from './object-changes';
import { cpuByCommand, describeCpuDelta } from './process-cpu';
import { seedKwokNodes } from './seed-kwok-nodes';
import { describeLoad } from './run-load';
import { benchLog as log, inBatches, withThrowawayCluster, type ThrowawayCluster } from './throwaway-cluster';

type Mode = 'floor' | 'controller';

interface Run {
  seconds: number;
  cpuSeconds: string;
  writes: number;
  writesByVerb: string;
  changes: ChangeCounter;
  /** Controller runs only. */
  controller?: FloorBenchRun['controller'];
}

const TIMEOUT_MS = 15 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '1000' },
    groups: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '3' },
    modes: { type: 'string', default: 'floor,controller' },
    runner: { type: 'string', default: 'build' },
    'node-flags': { type: 'string', default: '' },
  },
});
const nodeCount = Number(values.nodes);
const groupCount = Number(values.groups);
const rounds = Number(values.rounds);
const runner = parseRunner(values.runner);
const nodeFlags = values['node-flags'].split(' ').filter(Boolean);
const modes = values.modes.split(',').map((mode) => {
  if (mode !== 'floor' && mode !== 'controller')
    throw new Error(`--modes: floor and/or controller, not ${mode}`);
  return mode;
});
const groupIndexes = Array.from({ length: groupCount }, (_, i) => i);
const nodes = Array.from({ length: nodeCount }, (_, i) => benchNode(i, nodeCount, groupCount));
const nodesOfGroup = new Map<string, V1Node[]>();
for (const node of nodes) {
  const group = node.metadata?.labels?.[GROUP_LABEL] ?? '';
  nodesOfGroup.set(group, [...(nodesOfGroup.get(group) ?? []), node]);
}

/** Counts the changes made to the groups' status and to every ConfigMap and DaemonSet of the namespace. */
function watchChanges(kc: KubeConfig): { changes: ChangeCounter; stop: () => void } {
  const changes = new ChangeCounter(new Set([vrouterResource.kind]));
  const resources: ResourceDescriptor[] = [vrouterResource, configMapResource, daemonSetResource];
  const informers = resources.map((resource) => {
    // Only what Rackpilot writes: not the namespace's kube-root-ca.crt ConfigMap.
    const owned = resource === vrouterResource ? {} : { labelSelector: `${MANAGED_BY_LABEL}=${MANAGED_BY}` };
    const informer = new Informer<KubernetesObject>(kc, resource, { namespace: NAMESPACE, ...owned });
    informer.on('add', (object) => {
      changes.observe(resource.kind, object);
    });
    informer.on('update', (object, previous) => {
      changes.observe(resource.kind, object, previous);
    });
    informer.start();
    return informer;
  });
  return {
    changes,
    stop: () => {
      for (const informer of informers) informer.stop();
    },
  };
}

function createGroups(kc: KubeConfig): Promise<Vrouter[]> {
  const created: Vrouter[] = [];
  return inBatches(groupIndexes, 16, async (i) => {
    created.push(
      await kubeRequestJson<Vrouter>(kc, collectionPath(vrouterResource, NAMESPACE), {
        method: 'POST',
        body: benchGroup(i, groupCount),
      }),
    );
  }).then(() => created);
}

async function measureController({
  kc,
  kubeconfig,
  stateDir,
}: ThrowawayCluster): Promise<Omit<Run, 'changes'>> {
  const child = await spawnController(kubeconfig, 'vrouter', runner, nodeFlags);
  try {
    const cpuBefore = await cpuByCommand(stateDir);
    const started = Date.now();
    await createGroups(kc);
    let placedAfter: number | undefined;
    let lastReport = started;
    for (;;) {
      const { placed, ready } = await nextMessage(child, 'progress', { progress: true, placed: true });
      if (placedAfter === undefined && placed === nodeCount) placedAfter = (Date.now() - started) / 1000;
      if (ready === groupCount) break;
      if (Date.now() - started > TIMEOUT_MS) throw new Error(`only ${ready} of ${groupCount} groups ready`);
      if (Date.now() - lastReport > 10_000) {
        lastReport = Date.now();
        log(`controller: ${placed} agents scheduled, ${ready} of ${groupCount} groups ready`);
      }
      await sleep(100);
    }
    const seconds = (Date.now() - started) / 1000;
    log(
      `controller: every agent scheduled after ${placedAfter?.toFixed(1) ?? '?'} s, all ready after ${seconds.toFixed(1)} s`,
    );
    const cpuSeconds = describeCpuDelta(cpuBefore, await cpuByCommand(stateDir));
    const report = await nextMessage(child, 'report', { report: true });
    return {
      seconds,
      cpuSeconds,
      ...controllerFigures(report),
      writesByVerb: report.writes.map((w) => `${w.verb} ${w.count}`).join(', '),
    };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/**
 * The work itself, with no controller: per group the ConfigMap and DaemonSet the planner renders
 * (on its nodes, known here), then, once its DaemonSet is ready, the agents' configuration keys and
 * the Ready status in one write each. Polls the DaemonSets (one list per 250 ms), not every pod.
 */
async function measureFloor({ kc, stateDir }: ThrowawayCluster): Promise<Omit<Run, 'changes'>> {
  const cpuBefore = await cpuByCommand(stateDir);
  const started = Date.now();
  const writes = { apply: 0, status: 0 };
  const apply = (objects: KubernetesObject[]) =>
    applyInDependencyOrder(kc, vrouterDeclaration.owns, objects.map(normaliseOwned), () => {
      writes.apply++;
    });
  const groups = new Map<string, Vrouter>();
  const plan = (vrouter: Vrouter, daemonSet: V1DaemonSet | undefined, pods: V1Pod[]) =>
    planVrouter(
      {
        vrouter,
        nodes: nodesOfGroup.get(vrouter.metadata.name ?? '') ?? [],
        otherGroups: () => [],
        daemonSet,
        pods,
        groups: [],
        rbac: [],
        // The bench's groups name no Control; their agents' certificates are not what it measures.
        peers: {},
        certificates: { data: {}, issued: 0 },
      },
      new Date(),
    );
  const creating = inBatches(groupIndexes, 16, async (i) => {
    const vrouter = await kubeRequestJson<Vrouter>(kc, collectionPath(vrouterResource, NAMESPACE), {
      method: 'POST',
      body: benchGroup(i, groupCount),
    });
    await apply(plan(vrouter, undefined, []).objects ?? []);
    groups.set(vrouter.metadata.name ?? '', vrouter);
  });
  let failed: Error | undefined;
  creating.catch((error: unknown) => (failed = error instanceof Error ? error : new Error(String(error))));
  const done = new Set<string>();
  while (done.size < groupCount) {
    if (failed) throw failed;
    if (Date.now() - started > TIMEOUT_MS) throw new Error(`only ${done.size} of ${groupCount} groups ready`);
    await sleep(250);
    const { items } = await kubeRequestJson<{ items: V1DaemonSet[] }>(
      kc,
      collectionPath(daemonSetResource, NAMESPACE),
    );
    const ready = items.filter((ds) => {
      const group = ds.metadata?.labels?.vrouter ?? '';
      const wanted = nodesOfGroup.get(group)?.length ?? 0;
      const s = ds.status;
      return (
        !done.has(group) &&
        groups.has(group) &&
        (s?.observedGeneration ?? 0) >= (ds.metadata?.generation ?? 1) &&
        s?.desiredNumberScheduled === wanted &&
        s.numberReady === wanted &&
        s.updatedNumberScheduled === wanted
      );
    });
    await inBatches(ready, 16, async (ds) => {
      const name = ds.metadata?.labels?.vrouter ?? '';
      const vrouter = groups.get(name) as Vrouter;
      const { items: pods } = await kubeRequestJson<{ items: V1Pod[] }>(
        kc,
        `/api/v1/namespaces/${NAMESPACE}/pods`,
        {
          query: { labelSelector: `vrouter=${name}` },
        },
      );
      const final = plan(vrouter, ds, pods);
      const configMap = final.objects?.find((o) => o.kind === 'ConfigMap');
      if (configMap) {
        await applyObject(kc, configMapResource, normaliseOwned(configMap));
        writes.apply++;
      }
      await applyStatus(kc, vrouterResource, vrouter, final.status);
      writes.status++;
      done.add(name);
    });
  }
  await creating;
  const seconds = (Date.now() - started) / 1000;
  log(`floor: every group's final status written after ${seconds.toFixed(1)} s`);
  return {
    seconds,
    cpuSeconds: describeCpuDelta(cpuBefore, await cpuByCommand(stateDir)),
    writes: writes.apply + writes.status,
    writesByVerb: `apply ${writes.apply}, status ${writes.status}`,
  };
}

async function run(mode: Mode, round: number): Promise<Run> {
  log(`round ${round + 1}: ${mode}`);
  return withThrowawayCluster(NAMESPACE, async (bench) => {
    await seedKwokNodes(bench.kc, nodes, TIMEOUT_MS);
    const watch = watchChanges(bench.kc);
    try {
      const result = await (mode === 'floor' ? measureFloor(bench) : measureController(bench));
      // Let the watch deliver the last writes before counting.
      await sleep(2000);
      return { ...result, changes: watch.changes };
    } finally {
      watch.stop();
    }
  });
}

const results = await runAlternatingRounds(rounds, modes, run);
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${nodeCount} nodes, ${groupCount} groups; controller runner: ${runner} ${nodeFlags.join(' ')}`,
);
console.log(
  '| round | mode | all ready (s) | writes | writes by verb | changed objects | writes per changed object | reconciles | conflicts | reconcile p50 / p99 (ms) | planning p50 / p99 / max (ms) | planning CPU p50 / p99 / max (ms) | controller peak RSS (MiB) | CPU s by process | load avg (1 min, start → end) |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const { round, mode, result: r, load } of results) {
  const c = r.controller;
  const ms = (sorted: number[], qs: number[]) => qs.map((q) => quantile(sorted, q).toFixed(2)).join(' / ');
  console.log(
    `| ${round + 1} | ${mode} | ${r.seconds.toFixed(1)} | ${r.writes} | ${r.writesByVerb} | ${r.changes.total} (${r.changes.describe()}) | ${(r.writes / r.changes.total).toFixed(2)} | ${c?.reconciles ?? '—'} | ${c?.conflicts ?? '—'} | ${c ? ms(c.durations, [0.5, 0.99]) : '—'} | ${c ? ms(c.planTimes, [0.5, 0.99, 1]) : '—'} | ${c ? ms(c.planCpuTimes, [0.5, 0.99, 1]) : '—'} | ${c ? c.peakRssMiB.toFixed(0) : '—'} | ${r.cpuSeconds} | ${describeLoad(load)} |`,
  );
}
const paired = pairedRounds(results, 'controller', 'floor', (r) => r.seconds);
if (paired.length > 0) console.log(`controller / floor: median ${describeRatio(ratioSummary(paired))}`);
const allPlans = results.flatMap((r) => r.result.controller?.planTimes ?? []).sort((a, b) => a - b);
if (allPlans.length > 0)
  console.log(
    `planning over all controller rounds: p99 ${quantile(allPlans, 0.99).toFixed(2)} ms of ${allPlans.length} reconciles`,
  );
process.exit(0);
