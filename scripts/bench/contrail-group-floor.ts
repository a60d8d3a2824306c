// bench:contrail's floor for vRouter groups: the work itself, with no controller.
import type { KubeConfig, KubernetesObject, V1DaemonSet, V1Node, V1Pod } from '@kubernetes/client-node';
import { vrouterDeclaration } from '../../server/controllers/contrail';
import { planVrouter } from '../../server/controllers/contrail/plan-vrouter';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath, daemonSetResource } from '../../server/kube/resource';
import { applyInDependencyOrder, normaliseOwned } from '../../server/kube/sync-owned-objects';
import { applyStatus } from '../../server/kube/write-status';
import { vrouterResource, type Vrouter } from '../../server/types/crds/vrouter';
import { benchGroup, NAMESPACE } from './contrail-bench-objects';
import { changedObjects, groupWrites } from './contrail-floor-writes';
import { inBatches } from './throwaway-cluster';

export interface FloorWrites {
  apply: number;
  status: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates the bench's groups, 16 POSTs at a time, as both modes do; what the API server stored. */
export async function createGroups(kc: KubeConfig, groupCount: number): Promise<Vrouter[]> {
  const created: Vrouter[] = [];
  await inBatches(
    Array.from({ length: groupCount }, (_, i) => i),
    16,
    async (i) => {
      created.push(
        await kubeRequestJson<Vrouter>(kc, collectionPath(vrouterResource, NAMESPACE), {
          method: 'POST',
          body: benchGroup(i, groupCount),
        }),
      );
    },
  );
  return created;
}

/** The vRouter planner's pass for a group whose nodes are known, with every group created (for the shared identity). */
function planGroup(
  vrouter: Vrouter,
  nodes: V1Node[],
  groups: Vrouter[],
  daemonSet: V1DaemonSet | undefined,
  pods: V1Pod[],
) {
  return planVrouter(
    {
      vrouter,
      nodes,
      otherGroups: () => [],
      daemonSet,
      pods,
      groups,
      rbac: [],
      // The bench's groups name no Control: as the controller, the floor issues their agents no certificate.
      peers: {},
      certificates: undefined,
    },
    new Date(),
  );
}

/** A DaemonSet rolled out on every node its group wants, at its current definition. */
export function daemonSetRolledOut(ds: V1DaemonSet, wanted: number): boolean {
  const s = ds.status;
  return (
    (s?.observedGeneration ?? 0) >= (ds.metadata?.generation ?? 1) &&
    s?.desiredNumberScheduled === wanted &&
    s.numberReady === wanted &&
    s.updatedNumberScheduled === wanted
  );
}

/**
 * What any correct controller must write for the groups, with no controller: every group created
 * (as the controller mode creates them), the agents' shared identity once for all groups, then per
 * group the ConfigMap and DaemonSet the planner renders; once a group's DaemonSet is ready (one list
 * of DaemonSets per 250 ms, not every pod), what its pods' addresses changed (the agents'
 * configuration keys) and one Ready status. Resolves when the last status write returns.
 */
export async function groupFloor(
  kc: KubeConfig,
  groupCount: number,
  nodesOfGroup: Map<string, V1Node[]>,
  timeoutMs: number,
): Promise<FloorWrites> {
  const started = Date.now();
  const writes: FloorWrites = { apply: 0, status: 0 };
  const apply = (objects: KubernetesObject[]) =>
    applyInDependencyOrder(kc, vrouterDeclaration.owns, objects.map(normaliseOwned), () => {
      writes.apply++;
    });
  const groups = await createGroups(kc, groupCount);
  const byName = new Map(groups.map((group) => [group.metadata.name ?? '', group]));
  const first = new Map(
    groups.map((group) => {
      const name = group.metadata.name ?? '';
      return [
        name,
        groupWrites(planGroup(group, nodesOfGroup.get(name) ?? [], groups, undefined, []).objects ?? []),
      ];
    }),
  );
  await apply([...first.values()][0]?.shared ?? []);
  const creating = inBatches([...first.values()], 16, (planned) => apply(planned.own));
  let failed: Error | undefined;
  creating.catch((error: unknown) => (failed = error instanceof Error ? error : new Error(String(error))));
  const done = new Set<string>();
  while (done.size < groupCount) {
    if (failed) throw failed;
    if (Date.now() - started > timeoutMs) throw new Error(`only ${done.size} of ${groupCount} groups ready`);
    await sleep(250);
    const { items } = await kubeRequestJson<{ items: V1DaemonSet[] }>(
      kc,
      collectionPath(daemonSetResource, NAMESPACE),
    );
    const ready = items.filter((ds) => {
      const group = ds.metadata?.labels?.vrouter ?? '';
      return (
        !done.has(group) && byName.has(group) && daemonSetRolledOut(ds, nodesOfGroup.get(group)?.length ?? 0)
      );
    });
    await inBatches(ready, 16, async (ds) => {
      const name = ds.metadata?.labels?.vrouter ?? '';
      const vrouter = byName.get(name) as Vrouter;
      const { items: pods } = await kubeRequestJson<{ items: V1Pod[] }>(
        kc,
        `/api/v1/namespaces/${NAMESPACE}/pods`,
        { query: { labelSelector: `vrouter=${name}` } },
      );
      const final = planGroup(vrouter, nodesOfGroup.get(name) ?? [], groups, ds, pods);
      await apply(changedObjects(first.get(name)?.own ?? [], groupWrites(final.objects ?? []).own));
      await applyStatus(kc, vrouterResource, vrouter, final.status);
      writes.status++;
      done.add(name);
    });
  }
  await creating;
  return writes;
}
