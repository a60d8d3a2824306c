// npm run bench:placement [-- --instances 50 --rounds 3 --modes work,controller --runner build|tsx --node-flags '…']
// Measures the PlacementAPI controller against its work floor in the same invocation: every run starts
// its own local control plane from the same recipe, adds one simulated node per 10 instances, prepares
// one namespace per PlacementAPI as an OpenStack control plane has it (a Ready KeystoneAPI and the
// input Secret), creates N PlacementAPIs at once and times until every one is Ready. Rounds alternate
// which mode goes first.
// The other operators are SIMULATED, in both modes alike: the benchmark plays mariadb-operator and
// keystone-operator with tools/lab's stand-ins (schemaless CRDs; every MariaDBAccount,
// MariaDBDatabase, KeystoneService and KeystoneEndpoint marked Ready as a pass 250 ms apart finds it);
// kwok runs the pods and completes the db-sync Job's.
// - `controller`: the placement controller in a process of its own; done when every PlacementAPI's
//   status says Ready=True. Its harness polls what no cache watches (the MariaDB and Keystone objects)
//   every 500 ms; the server's default, RACKPILOT_DEPENDENCY_POLL_MS, is 10 s.
// - `work` (the floor): no controller; per PlacementAPI the writes any correct controller must make,
//   rendered by the controller's own planner on what the floor observed (placement-work-floor.ts),
//   polled with list calls every 250 ms:
//     finalizer 1   the PlacementAPI's
//     create    1   the database account's password Secret
//     apply    13   ServiceAccount, Role, RoleBinding, the scripts and config-data Secrets, two
//                   Services, the db-sync Job and the Deployment (9, each once the step before it is
//                   done); MariaDBAccount, MariaDBDatabase, KeystoneService, KeystoneEndpoint (4, with
//                   the PlacementAPI's finalizer)
//     status    1   once the Deployment serves and Keystone has the service and endpoint: Ready
//     delete    1   the finished db-sync Job, after the status that records it ran
//   17 writes per PlacementAPI. The controller reports its own by verb; the table prints both.
// Prints each run, the API server's requests per PlacementAPI and the median ratio controller / floor.
// A script, not a test: it asserts nothing.
import type { KubeConfig, KubernetesObject, V1Secret } from '@kubernetes/client-node';
import { placementDeclaration } from '../../server/controllers/placement';
import type { PlacementPlan } from '../../server/controllers/placement/plan-placement';
import { applyObject, deleteObject, mergePatch } from '../../server/kube/apply';
import { kubeRequestJson } from '../../server/kube/kube-request';
import {
  collectionPath,
  deploymentResource,
  jobResource,
  secretResource,
  serviceResource,
  type ResourceDescriptor,
} from '../../server/kube/resource';
import { applyInDependencyOrder } from '../../server/kube/sync-owned-objects';
import { applyStatus } from '../../server/kube/write-status';
import {
  placementApiResource,
  type PlacementAPI,
  type PlacementAPIStatus,
} from '../../server/types/crds/placement-api';
import { nodeManifest } from '../../tools/controlplane/kwok-nodes';
import {
  installStandInCrds,
  seedOpenStackNamespace,
  SIMULATED_READY_KINDS,
  simulateOnce,
  standInResource,
} from '../../tools/lab/openstack-stand-ins';
import { runAlternatingRounds } from './alternating-rounds';
import {
  createSecretAsController,
  finishAsReady,
  parseFloorBenchArgs,
  type FloorBenchMode,
  floorFigures,
  measureController,
  printFloorBench,
  sleep,
  TIMEOUT_MS,
  withRequestCounts,
  WriteTally,
  type FloorBenchRun,
  type MeasuredRun,
} from './floor-bench';
import { cpuByCommand } from './process-cpu';
import {
  benchInputSecret,
  benchNamespace,
  benchPlacement,
  nothingWritten,
  placementFloorFirstPass,
  placementFloorPlan,
  placementFloorReady,
  placementFloorWritesDue,
  recordWritten,
  withStored,
  type FloorWritten,
} from './placement-work-floor';
import { seedKwokNodes } from './seed-kwok-nodes';
import { asStoredSecret } from './sip-bench-objects';
import { benchLog as log, inBatches, withThrowawayCluster, type ThrowawayCluster } from './throwaway-cluster';

const { count, rounds, modes, runner, nodeFlags } = parseFloorBenchArgs(process.argv.slice(2), 50);
const indexes = Array.from({ length: count }, (_, i) => i);
const namespaces = indexes.map(benchNamespace);
// Nodes Ready before the clock starts (the local cluster's own few may still be joining); two pods
// per PlacementAPI (the API and, for a while, db-sync) fit many times over on each.
const nodes = Array.from({ length: Math.ceil(count / 10) }, (_, i) =>
  nodeManifest({ name: `bench-p${String(i).padStart(4, '0')}`, rack: `rack-${i}`, role: 'worker' }),
);
/** The kinds the floor lists on every poll: the dependencies and the owned objects it waits on. */
const POLLED: { resource: ResourceDescriptor; query?: Record<string, string> }[] = [
  ...SIMULATED_READY_KINDS.map((kind) => ({ resource: standInResource(kind) })),
  ...[deploymentResource, jobResource, serviceResource].map((resource) => ({
    resource,
    query: { labelSelector: 'service=placement' },
  })),
];

const createPlacement = (kc: KubeConfig, i: number) =>
  kubeRequestJson<PlacementAPI>(kc, collectionPath(placementApiResource, benchNamespace(i)), {
    method: 'POST',
    body: benchPlacement(i),
  });

/** Every object of a kind in every namespace, by namespace; items carry their kind (a list's do not). */
async function listByNamespace(
  kc: KubeConfig,
  polled: typeof POLLED,
): Promise<Map<string, KubernetesObject[]>> {
  const lists = await Promise.all(
    polled.map(async ({ resource, query }) => {
      const { items } = await kubeRequestJson<{ items: KubernetesObject[] }>(kc, collectionPath(resource), {
        query,
      });
      return items.map((item) => ({ ...item, kind: resource.kind }));
    }),
  );
  const byNamespace = new Map<string, KubernetesObject[]>();
  for (const item of lists.flat()) {
    const namespace = item.metadata?.namespace ?? '';
    byNamespace.set(namespace, [...(byNamespace.get(namespace) ?? []), item]);
  }
  return byNamespace;
}

/**
 * The other operators' part, the same in both modes. One pass at a time, 250 ms apart:
 * runStandInSimulator's fixed interval lets passes overlap on a busy machine, and the busier mode
 * would pay for the extra passes.
 */
async function withSimulatedOperators<T>(kc: KubeConfig, work: () => Promise<T>): Promise<T> {
  const done = new AbortController();
  const simulating = (async () => {
    while (!done.signal.aborted) {
      await simulateOnce(kc).catch((error: unknown) => {
        log(`stand-in simulator: ${error instanceof Error ? error.message : String(error)}`);
      });
      await sleep(250);
    }
  })();
  try {
    return await work();
  } finally {
    done.abort();
    await simulating;
  }
}

interface Tracked {
  placement: PlacementAPI;
  /** The input Secret and the account's password Secret, with their data, as the controller reads them. */
  secrets: V1Secret[];
  written: FloorWritten;
}

interface ReadyToFinish {
  tracked: Tracked;
  status: PlacementAPIStatus;
  prune: KubernetesObject[];
}

/**
 * The work floor: per PlacementAPI, create it, store the finalizer and create the account's Secret,
 * then write what the planner asks for as soon as it asks (the objects a write stored count as
 * observed at once, so a step that waits on nothing outside follows straight away); the lists every
 * 250 ms find what the others did, and each PlacementAPI that the planner finds Ready gets one
 * status write, then its finished Job goes.
 */
async function measureWorkFloor({ kc, stateDir }: ThrowawayCluster): Promise<FloorBenchRun> {
  const cpuBefore = await cpuByCommand(stateDir);
  const started = Date.now();
  const writes = new WriteTally();
  const ownedResource = (kind: string | undefined) => {
    const resource = placementDeclaration.owns.find((r) => r.kind === kind);
    if (!resource) throw new Error(`not owned by a PlacementAPI: ${kind ?? '?'}`);
    return resource;
  };
  const keystoneAPIs = await listByNamespace(kc, [{ resource: standInResource('KeystoneAPI') }]);

  const advance = async (tracked: Tracked, observed: KubernetesObject[]): Promise<PlacementPlan> => {
    let seen = observed;
    // A few steps at most (account, then database); more means a rendering that never settles.
    for (let step = 0; step < 8; step++) {
      const plan = placementFloorPlan(tracked.placement, tracked.secrets, seen);
      const due = placementFloorWritesDue(plan, tracked.written);
      if (due.owned.length + due.dependencies.length === 0) return plan;
      const stored: KubernetesObject[] = [];
      await Promise.all([
        ...due.dependencies.map(async (dependency) => {
          stored.push(await applyObject(kc, standInResource(dependency.kind ?? ''), dependency));
          writes.add('apply');
        }),
        applyInDependencyOrder(kc, placementDeclaration.owns, due.owned, (_object, result) => {
          stored.push(result);
          writes.add('apply');
        }),
      ]);
      recordWritten(tracked.written, due);
      seen = withStored(seen, stored);
    }
    throw new Error(`${tracked.placement.metadata.namespace ?? ''}: the plan keeps asking for new writes`);
  };

  const tracked = new Map<string, Tracked>();
  const creating = inBatches(indexes, 16, async (i) => {
    const posted = await createPlacement(kc, i);
    const { finalizerPatch, accountSecret } = placementFloorFirstPass(
      posted,
      placementDeclaration.finalizer ?? '',
    );
    const { namespace = '', name = '' } = posted.metadata;
    const placement = await mergePatch<PlacementAPI>(
      kc,
      placementApiResource,
      namespace,
      name,
      finalizerPatch,
    );
    writes.add('finalizer');
    await createSecretAsController(kc, accountSecret, writes);
    const entry: Tracked = {
      placement,
      secrets: [asStoredSecret(benchInputSecret(namespace)), accountSecret],
      written: nothingWritten(),
    };
    await advance(entry, keystoneAPIs.get(namespace) ?? []);
    tracked.set(namespace, entry);
  });
  await finishAsReady({
    started,
    total: count,
    background: creating,
    pending: () => [...tracked.values()],
    readyNow: async (pending) => {
      if (pending.length === 0) return [];
      const seen = await listByNamespace(kc, POLLED);
      const ready: ReadyToFinish[] = [];
      await inBatches(pending, 16, async (entry) => {
        const namespace = entry.placement.metadata.namespace ?? '';
        const plan = await advance(entry, [
          ...(keystoneAPIs.get(namespace) ?? []),
          ...(seen.get(namespace) ?? []),
        ]);
        const done = placementFloorReady(plan, entry.written);
        if (!done) return;
        tracked.delete(namespace);
        ready.push({ tracked: entry, ...done });
      });
      return ready;
    },
    finish: async ({ tracked: { placement }, status, prune }) => {
      await applyStatus(kc, placementApiResource, placement, status);
      writes.add('status');
      for (const object of prune) {
        const { namespace, name = '' } = object.metadata ?? {};
        await deleteObject(kc, ownedResource(object.kind), namespace, name);
        writes.add('delete');
      }
    },
  });
  const run = await floorFigures(stateDir, { started, cpuBefore }, writes, count);
  log(`work floor: every PlacementAPI's Ready status written after ${run.seconds.toFixed(1)} s`);
  return run;
}

/** What each namespace holds before its PlacementAPI: a Ready KeystoneAPI and the input Secret. */
async function prepareNamespaces(kc: KubeConfig): Promise<void> {
  await installStandInCrds(kc);
  await inBatches(namespaces, 16, async (namespace) => {
    await seedOpenStackNamespace(kc, namespace);
    await kubeRequestJson(kc, collectionPath(secretResource, namespace), {
      method: 'POST',
      body: benchInputSecret(namespace),
    });
  });
}

async function run(mode: FloorBenchMode, round: number): Promise<MeasuredRun> {
  log(`round ${round + 1}: ${mode}`);
  return withThrowawayCluster(namespaces, async (bench) => {
    await seedKwokNodes(bench.kc, nodes, TIMEOUT_MS);
    await prepareNamespaces(bench.kc);
    return withRequestCounts(bench, count, () =>
      withSimulatedOperators(bench.kc, () =>
        mode === 'work'
          ? measureWorkFloor(bench)
          : measureController(bench, {
              controller: 'placement',
              runner,
              nodeFlags,
              count,
              create: createPlacement,
            }),
      ),
    );
  });
}

const results = await runAlternatingRounds(rounds, modes, run);
printFloorBench(results, {
  description: `${count} PlacementAPIs (one per namespace) on ${nodes.length} simulated nodes; MariaDB and Keystone simulated (stand-ins); controller runner: ${runner} ${nodeFlags.join(' ')}`,
  count,
  unit: 'PlacementAPI',
  floors: ['work'],
  controller: 'controller',
});
process.exit(0);
