// npm run bench:ironic [-- --instances 100 --rounds 3 --modes work,controller --runner build|tsx --node-flags '…']
// Measures the Ironic controller against its work floor in the same invocation: every run starts its
// own local control plane from the same recipe, adds one simulated node per instance (Ironic runs on
// the host network, so its ports allow one per node), creates N Ironics at once (upstream's defaults,
// no credentials given) and times until every one is Ready. Rounds alternate which mode goes first.
// - `controller`: the Ironic controllers in a process of their own; done when every Ironic's status
//   says Ready=True.
// - `work` (the floor): no controller; per Ironic the writes any correct controller must make,
//   rendered by the controller's own code (ironic-work-floor.ts): the finalizer, the generated
//   credentials Secret (with its htpasswd line), their link in the spec, the Deployment and Service,
//   and once the Deployment serves and the Service has its address, one Ready status write.
// Prints each run, the API server's requests per Ironic and the median ratio controller / floor.
// A script, not a test: it asserts nothing.
import type { KubeConfig, V1Deployment, V1Secret, V1Service } from '@kubernetes/client-node';
import { ironicDeclaration, IRONIC_OWNER_LABEL } from '../../server/controllers/ironic';
import { mergePatch } from '../../server/kube/apply';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath, deploymentResource, serviceResource } from '../../server/kube/resource';
import { applyInDependencyOrder } from '../../server/kube/sync-owned-objects';
import { applyStatus } from '../../server/kube/write-status';
import { ironicResource, type Ironic } from '../../server/types/crds/ironic';
import { nodeManifest } from '../../tools/controlplane/kwok-nodes';
import { runAlternatingRounds } from './alternating-rounds';
import {
  createSecretAsController,
  finishAsReady,
  parseFloorBenchArgs,
  type FloorBenchMode,
  measureController,
  printFloorBench,
  TIMEOUT_MS,
  withRequestCounts,
  WriteTally,
  type FloorBenchRun,
  type MeasuredRun,
  floorFigures,
} from './floor-bench';
import {
  benchIronic,
  ironicFloorFirstPass,
  ironicFloorObjects,
  ironicFloorReadyStatus,
  NAMESPACE,
} from './ironic-work-floor';
import { cpuByCommand } from './process-cpu';
import { seedKwokNodes } from './seed-kwok-nodes';
import { benchLog as log, inBatches, withThrowawayCluster, type ThrowawayCluster } from './throwaway-cluster';

const { count, rounds, modes, runner, nodeFlags } = parseFloorBenchArgs(process.argv.slice(2), 100);
const indexes = Array.from({ length: count }, (_, i) => i);
const nodes = indexes.map((i) =>
  nodeManifest({
    name: `bench-i${String(i).padStart(4, '0')}`,
    rack: `rack-${Math.floor(i / 20)}`,
    role: 'worker',
  }),
);

const createIronic = (kc: KubeConfig, i: number) =>
  kubeRequestJson<Ironic>(kc, collectionPath(ironicResource, NAMESPACE), {
    method: 'POST',
    body: benchIronic(i),
  });

async function listOwned<T extends { metadata?: { labels?: Record<string, string> } }>(
  kc: KubeConfig,
  path: string,
): Promise<Map<string, T>> {
  const { items } = await kubeRequestJson<{ items: T[] }>(kc, path);
  return new Map(items.map((item) => [item.metadata?.labels?.[IRONIC_OWNER_LABEL] ?? '', item] as const));
}

/**
 * The work floor: per Ironic, create it, store the finalizer, create its credentials, link them, and
 * apply its Deployment and Service; a Deployment and a Service list every 250 ms find the Ironics that
 * serve, and each gets one Ready status write.
 */
async function measureWorkFloor({ kc, stateDir }: ThrowawayCluster): Promise<FloorBenchRun> {
  const cpuBefore = await cpuByCommand(stateDir);
  const started = Date.now();
  const writes = new WriteTally();
  const created = new Map<string, { ironic: Ironic; credentials: V1Secret }>();
  const creating = inBatches(indexes, 16, async (i) => {
    const posted = await createIronic(kc, i);
    const { finalizerPatch, credentials, linkPatch } = await ironicFloorFirstPass(
      posted,
      ironicDeclaration.finalizer ?? '',
    );
    const { namespace = NAMESPACE, name = '' } = posted.metadata;
    const withFinalizer = await mergePatch<Ironic>(kc, ironicResource, namespace, name, finalizerPatch);
    writes.add('finalizer');
    await createSecretAsController(kc, credentials, writes);
    const ironic = await mergePatch<Ironic>(kc, ironicResource, namespace, name, {
      metadata: { resourceVersion: withFinalizer.metadata.resourceVersion },
      ...linkPatch,
    });
    writes.add('spec');
    await applyInDependencyOrder(kc, ironicDeclaration.owns, ironicFloorObjects(ironic, credentials), () => {
      writes.add('apply');
    });
    created.set(name, { ironic, credentials });
  });
  await finishAsReady({
    started,
    total: count,
    background: creating,
    pending: () => [...created.values()],
    readyNow: async (pending) => {
      const [deployments, services] = await Promise.all([
        listOwned<V1Deployment>(kc, collectionPath(deploymentResource, NAMESPACE)),
        listOwned<V1Service>(kc, collectionPath(serviceResource, NAMESPACE)),
      ]);
      return pending.flatMap(({ ironic, credentials }) => {
        const name = ironic.metadata.name ?? '';
        const workload = { deployment: deployments.get(name), service: services.get(name) };
        const status = ironicFloorReadyStatus(ironic, credentials, workload);
        if (!status) return [];
        created.delete(name);
        return [{ ironic, status }];
      });
    },
    finish: async ({ ironic, status }) => {
      await applyStatus(kc, ironicResource, ironic, status);
      writes.add('status');
    },
  });
  const run = await floorFigures(stateDir, { started, cpuBefore }, writes, count);
  log(`work floor: every Ironic's Ready status written after ${run.seconds.toFixed(1)} s`);
  return run;
}

async function run(mode: FloorBenchMode, round: number): Promise<MeasuredRun> {
  log(`round ${round + 1}: ${mode}`);
  return withThrowawayCluster(NAMESPACE, async (bench) => {
    await seedKwokNodes(bench.kc, nodes, TIMEOUT_MS);
    return withRequestCounts(bench, count, () =>
      mode === 'work'
        ? measureWorkFloor(bench)
        : measureController(bench, { controller: 'ironic', runner, nodeFlags, count, create: createIronic }),
    );
  });
}

const results = await runAlternatingRounds(rounds, modes, run);
printFloorBench(results, {
  description: `${count} Ironics on ${count} simulated nodes; controller runner: ${runner} ${nodeFlags.join(' ')}`,
  count,
  unit: 'Ironic',
  floors: ['work'],
  controller: 'controller',
});
process.exit(0);
