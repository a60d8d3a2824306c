// npm run bench:contrail [-- --nodes 1000 --groups 100 (manager: 32) --rounds 3 --modes floor,controller --scope vrouter|manager
//   --runner build|tsx]
// Measures the Contrail controllers against their floor, in the same invocation: every run starts its
// own local control plane from the same recipe and creates N simulated nodes labelled for their group.
// Scope `vrouter`: creates M vRouter groups (Vrouter CRs) at once and times until every group is ready.
// `controller`: the Contrail controllers in a process of their own do the work. `floor`: no controller;
// the benchmark writes what any correct controller must (rendered by the same planner,
// contrail-group-floor.ts): the agents' shared identity once, each group's ConfigMap and DaemonSet, and
// once the DaemonSet is ready the agents' configuration keys and one Ready status. Scope `manager`:
// upstream's 3-node Manager sample on three more (master) nodes, its vRouter entries the M groups, each
// naming the sample's Control; times until the Manager is Ready. Its `floor` (contrail-manager-floor.ts)
// runs each child's controller observe and planner on listings, stage by stage, and writes the result.
// Rounds alternate which mode goes first. Reports the ratio controller / floor per round with its
// median and range, the planner's time per reconcile, and API writes per changed object (changes
// counted from watch events). A script, not a test: it asserts nothing.
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import type { KubeConfig, KubernetesObject, V1Node } from '@kubernetes/client-node';
import { Informer } from '../../server/kube/informer';
import {
  collectionPath,
  configMapResource,
  daemonSetResource,
  type ResourceDescriptor,
} from '../../server/kube/resource';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { MANAGED_BY, MANAGED_BY_LABEL } from '../../server/kube/sync-owned-objects';
import { managerResource } from '../../server/types/crds/manager';
import { vrouterResource } from '../../server/types/crds/vrouter';
import { pairedRounds, runAlternatingRounds } from './alternating-rounds';
import { describeRatio, quantile, ratioSummary } from './bench-statistics';
import { nextMessage, parseRunner, spawnController } from './controller-child';
import { benchNode, GROUP_LABEL, NAMESPACE } from './contrail-bench-objects';
import { createGroups, groupFloor } from './contrail-group-floor';
import { managerFloor } from './contrail-manager-floor';
import { benchManager, managerBenchNodes } from './contrail-manager-objects';
import { controllerFigures, describePlanningByController, type FloorBenchRun } from './floor-bench';
import { ChangeCounter } from './object-changes';
import { cpuByCommand, describeCpuDelta } from './process-cpu';
import { seedKwokNodes } from './seed-kwok-nodes';
import { describeLoad } from './run-load';
import { benchLog as log, withThrowawayCluster, type ThrowawayCluster } from './throwaway-cluster';

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
    groups: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    modes: { type: 'string', default: 'floor,controller' },
    scope: { type: 'string', default: 'vrouter' },
    runner: { type: 'string', default: 'build' },
    'node-flags': { type: 'string', default: '' },
  },
});
const nodeCount = Number(values.nodes);
const rounds = Number(values.rounds);
const runner = parseRunner(values.runner);
const nodeFlags = values['node-flags'].split(' ').filter(Boolean);
const modes = values.modes.split(',').map((mode) => {
  if (mode !== 'floor' && mode !== 'controller')
    throw new Error(`--modes: floor and/or controller, not ${mode}`);
  return mode;
});
const scope = ((value: string): 'vrouter' | 'manager' => {
  if (value !== 'vrouter' && value !== 'manager')
    throw new Error(`--scope: vrouter or manager, not ${value}`);
  return value;
})(values.scope);
// The Manager CRD bounds `vrouters` at 32 entries; the vRouter scope's groups are objects of their own.
const groupCount = Number(values.groups ?? (scope === 'manager' ? 32 : 100));
const nodes =
  scope === 'manager'
    ? managerBenchNodes(nodeCount, groupCount)
    : Array.from({ length: nodeCount }, (_, i) => benchNode(i, nodeCount, groupCount));
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

async function measureController({
  kc,
  kubeconfig,
  stateDir,
}: ThrowawayCluster): Promise<Omit<Run, 'changes'>> {
  // Scope vrouter: the groups, done when every one is Ready. Scope manager: one Manager, done when it is.
  const [objects, wanted] = scope === 'manager' ? ['Manager', 1] : ['groups', groupCount];
  const child = await spawnController(kubeconfig, scope, runner, nodeFlags);
  try {
    const cpuBefore = await cpuByCommand(stateDir);
    const started = Date.now();
    if (scope === 'manager')
      await kubeRequestJson(kc, collectionPath(managerResource, NAMESPACE), {
        method: 'POST',
        body: benchManager(groupCount),
      });
    else await createGroups(kc, groupCount);
    let placedAfter: number | undefined;
    let lastReport = started;
    for (;;) {
      const { placed, ready } = await nextMessage(child, 'progress', { progress: true, placed: true });
      if (placedAfter === undefined && placed === nodeCount) placedAfter = (Date.now() - started) / 1000;
      if (ready === wanted) break;
      if (Date.now() - started > TIMEOUT_MS) throw new Error(`only ${ready} of ${wanted} ${objects} ready`);
      if (Date.now() - lastReport > 10_000) {
        lastReport = Date.now();
        log(`controller: ${placed} agents scheduled, ${ready} of ${wanted} ${objects} ready`);
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
 * The floor (contrail-group-floor.ts, contrail-manager-floor.ts): what any correct controller must
 * write, with no controller.
 */
async function measureFloor({ kc, stateDir }: ThrowawayCluster): Promise<Omit<Run, 'changes'>> {
  const cpuBefore = await cpuByCommand(stateDir);
  const started = Date.now();
  const writes =
    scope === 'manager'
      ? await managerFloor(kc, benchManager(groupCount), TIMEOUT_MS)
      : await groupFloor(kc, groupCount, nodesOfGroup, TIMEOUT_MS);
  const seconds = (Date.now() - started) / 1000;
  log(
    `floor: ${scope === 'manager' ? "the Manager's Ready" : "every group's final"} status written after ${seconds.toFixed(1)} s`,
  );
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

/** Scope manager counts the groups' changes only, not the components': no per-change figure there. */
const perChange = (r: Run) => (scope === 'manager' ? '—' : (r.writes / r.changes.total).toFixed(2));

const results = await runAlternatingRounds(rounds, modes, run);
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; scope ${scope}, ${nodeCount} nodes, ${groupCount} groups; controller runner: ${runner} ${nodeFlags.join(' ')}`,
);
console.log(
  '| round | mode | all ready (s) | writes | writes by verb | changed objects | writes per changed object | reconciles | conflicts | reconcile p50 / p99 (ms) | planning p50 / p99 / max (ms) | planning CPU p50 / p99 / max (ms) | controller peak RSS (MiB) | CPU s by process | load avg (1 min, start → end) |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const { round, mode, result: r, load } of results) {
  const c = r.controller;
  const ms = (sorted: number[], qs: number[]) => qs.map((q) => quantile(sorted, q).toFixed(2)).join(' / ');
  console.log(
    `| ${round + 1} | ${mode} | ${r.seconds.toFixed(1)} | ${r.writes} | ${r.writesByVerb} | ${r.changes.total} (${r.changes.describe()}) | ${perChange(r)} | ${c?.reconciles ?? '—'} | ${c?.conflicts ?? '—'} | ${c ? ms(c.durations, [0.5, 0.99]) : '—'} | ${c ? ms(c.planTimes, [0.5, 0.99, 1]) : '—'} | ${c ? ms(c.planCpuTimes, [0.5, 0.99, 1]) : '—'} | ${c ? c.peakRssMiB.toFixed(0) : '—'} | ${r.cpuSeconds} | ${describeLoad(load)} |`,
  );
}
for (const { round, result } of results)
  if (result.controller)
    console.log(
      `round ${round + 1}, planning by controller (ms): ${describePlanningByController(result.controller.planByController)}`,
    );
const paired = pairedRounds(results, 'controller', 'floor', (r) => r.seconds);
if (paired.length > 0) console.log(`controller / floor: median ${describeRatio(ratioSummary(paired))}`);
const allPlans = results.flatMap((r) => r.result.controller?.planTimes ?? []).sort((a, b) => a - b);
if (allPlans.length > 0)
  console.log(
    `planning over all controller rounds: p99 ${quantile(allPlans, 0.99).toFixed(2)} ms of ${allPlans.length} reconciles`,
  );
process.exit(0);
