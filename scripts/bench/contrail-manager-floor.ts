// bench:contrail's floor for the whole Manager (scope `manager`): the work itself, with no controller.
// Each child is observed by its controller's own observe function (reading one listing of the cluster
// instead of the controller's watch caches), planned by its planner, and its writes applied here.
import type {
  KubeConfig,
  KubernetesObject,
  V1DaemonSet,
  V1Node,
  V1Secret,
  V1StatefulSet,
} from '@kubernetes/client-node';
import {
  cassandraDeclaration,
  configDeclaration,
  controlDeclaration,
  kubemanagerDeclaration,
  provisionManagerDeclaration,
  rabbitmqDeclaration,
  vrouterDeclaration,
  webuiDeclaration,
  zookeeperDeclaration,
} from '../../server/controllers/contrail';
import { observeComponent } from '../../server/controllers/contrail/component-controller';
import type { CertificateAccess } from '../../server/controllers/contrail/component-certificates';
import {
  configKind,
  type Component,
  type ComponentKind,
} from '../../server/controllers/contrail/component-kinds';
import { DEFAULT_CERTIFICATE_LIFETIME_HOURS } from '../../server/controllers/contrail/certificate-lifetime';
import {
  daemonSetName,
  SERVICE_TYPE_LABEL,
  statefulSetName,
  type ServiceType,
} from '../../server/controllers/contrail/contrail-names';
import { controlKind } from '../../server/controllers/contrail/control-kind';
import {
  observeDataService,
  servicePodIndex,
} from '../../server/controllers/contrail/data-service-controller';
import {
  cassandraKind,
  rabbitmqKind,
  zookeeperKind,
  type DataService,
  type DataServiceKind,
} from '../../server/controllers/contrail/data-service-kinds';
import { kubemanagerKind } from '../../server/controllers/contrail/kubemanager-kind';
import { observeManager } from '../../server/controllers/contrail/manager-controller';
import {
  NODE_LABEL_INDEX,
  nodeIndexValues,
  SELECTOR_INDEX,
} from '../../server/controllers/contrail/node-lookups';
import { selectorIndexValues } from '../../server/controllers/contrail/node-selector';
import { planComponent } from '../../server/controllers/contrail/plan-component';
import { planDataService } from '../../server/controllers/contrail/plan-data-service';
import { MANAGED_RESOURCES, planManager } from '../../server/controllers/contrail/plan-manager';
import { planVrouter } from '../../server/controllers/contrail/plan-vrouter';
import { provisionManagerKind } from '../../server/controllers/contrail/provision-manager-kind';
import { observeVrouter } from '../../server/controllers/contrail/vrouter-controller';
import { VROUTER_RBAC_LABEL } from '../../server/controllers/contrail/vrouter-rbac';
import { webuiKind } from '../../server/controllers/contrail/webui-kind';
import { ListedObjects } from '../../server/kube/cluster-reads';
import { ControllerMetrics } from '../../server/kube/controller-metrics';
import { createSecretOnce } from '../../server/kube/create-secret-once';
import { KubeRequestError, kubeRequestJson } from '../../server/kube/kube-request';
import {
  clusterRoleBindingResource,
  clusterRoleResource,
  collectionPath,
  configMapResource,
  daemonSetResource,
  nodeResource,
  podResource,
  secretResource,
  serviceAccountResource,
  serviceResource,
  statefulSetResource,
  type ResourceDescriptor,
} from '../../server/kube/resource';
import { secretReader } from '../../server/kube/secret-values';
import {
  applyInDependencyOrder,
  MANAGED_BY,
  MANAGED_BY_LABEL,
  normaliseOwned,
} from '../../server/kube/sync-owned-objects';
import { applyStatus } from '../../server/kube/write-status';
import { managerResource, type Manager } from '../../server/types/crds/manager';
import { vrouterResource, type Vrouter } from '../../server/types/crds/vrouter';
import { NAMESPACE } from './contrail-bench-objects';
import { changedObjects } from './contrail-floor-writes';
import { managerFloorStages } from './contrail-manager-floor-plan';
import { daemonSetRolledOut, type FloorWrites } from './contrail-group-floor';
import { inBatches } from './throwaway-cluster';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The controller's default (RACKPILOT_CONTRAIL_CERT_LIFETIME_HOURS unset), as the bench runs it. */
const LIFETIME_MS = DEFAULT_CERTIFICATE_LIFETIME_HOURS * 3_600_000;

/** What one pass of a child's controller writes beyond its status: its owned objects, a generated Secret. */
interface ChildPlan {
  objects?: KubernetesObject[];
  createSecret?: V1Secret;
  status?: { active?: boolean };
}

/** A child kind as the floor drives it: its controller's observe and planner, and the workload it waits on. */
interface ChildKind {
  type: ServiceType;
  /** What its controller declares it owns: the kinds its writes go to. */
  owns: ResourceDescriptor[];
  workload: ResourceDescriptor;
  workloadName: (name: string) => string;
  /** What its observe function reads besides pods and the Manager's children. */
  reads: ResourceDescriptor[];
  pass: (reads: ListedObjects, access: CertificateAccess, object: KubernetesObject) => Promise<ChildPlan>;
}

function dataService(kind: DataServiceKind, owns: ResourceDescriptor[]): ChildKind {
  return {
    type: kind.type,
    owns,
    workload: statefulSetResource,
    workloadName: (name) => statefulSetName(kind.type, name),
    reads: [statefulSetResource, serviceResource, secretResource],
    pass: async (reads, access, object) =>
      planDataService(
        kind,
        await observeDataService(reads, access, kind, object as DataService, LIFETIME_MS),
        new Date(),
      ),
  };
}

function component(kind: ComponentKind, owns: ResourceDescriptor[]): ChildKind {
  return {
    type: kind.type,
    owns,
    workload: statefulSetResource,
    workloadName: (name) => statefulSetName(kind.type, name),
    reads: [statefulSetResource, serviceResource, configMapResource],
    pass: async (reads, access, object) =>
      planComponent(
        kind,
        await observeComponent(reads, access, kind, object as Component, LIFETIME_MS),
        new Date(),
      ),
  };
}

const vrouter: ChildKind = {
  type: 'vrouter',
  owns: vrouterDeclaration.owns,
  workload: daemonSetResource,
  workloadName: daemonSetName,
  reads: [
    nodeResource,
    daemonSetResource,
    serviceAccountResource,
    clusterRoleResource,
    clusterRoleBindingResource,
  ],
  pass: async (reads, access, object) =>
    planVrouter(await observeVrouter(reads, access, object as Vrouter, LIFETIME_MS), new Date()),
};

/** The kinds whose rendering lists members of later stages: those reporting status.membersRendered. */
const RENDERS_FROM_MEMBERS = new Set(
  [configKind, controlKind, kubemanagerKind, webuiKind, provisionManagerKind]
    .filter((kind) => kind.membersRendered !== undefined)
    .map((kind) => kind.resource.kind),
);

const CHILD_KINDS: Record<string, ChildKind> = {
  Cassandra: dataService(cassandraKind, cassandraDeclaration.owns),
  Zookeeper: dataService(zookeeperKind, zookeeperDeclaration.owns),
  Rabbitmq: dataService(rabbitmqKind, rabbitmqDeclaration.owns),
  Config: component(configKind, configDeclaration.owns),
  Control: component(controlKind, controlDeclaration.owns),
  Kubemanager: component(kubemanagerKind, kubemanagerDeclaration.owns),
  Webui: component(webuiKind, webuiDeclaration.owns),
  ProvisionManager: component(provisionManagerKind, provisionManagerDeclaration.owns),
  Vrouter: vrouter,
};

function childKind(object: KubernetesObject): ChildKind {
  const kind = CHILD_KINDS[object.kind ?? ''];
  if (!kind) throw new Error(`the floor drives no ${object.kind ?? '?'}`);
  return kind;
}

/** A StatefulSet or DaemonSet whose pods are all ready at its current definition. */
function rolledOut(workload: KubernetesObject): boolean {
  if (workload.kind === 'DaemonSet') {
    const ds = workload as V1DaemonSet;
    return daemonSetRolledOut(ds, ds.status?.desiredNumberScheduled ?? 0);
  }
  const set = workload as V1StatefulSet;
  const wanted = set.spec?.replicas ?? 1;
  return (
    (set.metadata?.generation ?? 1) <= (set.status?.observedGeneration ?? 0) &&
    set.status?.readyReplicas === wanted &&
    set.status.updatedReplicas === wanted
  );
}

/**
 * A kind's objects in the bench's namespace (or cluster-wide), each with its kind. A kind whose
 * storage the new control plane is still initialising (429) is asked again, as the controller's
 * informers retry their first list.
 */
async function list<T extends KubernetesObject>(
  kc: KubeConfig,
  resource: ResourceDescriptor<T>,
  labelSelector?: string,
): Promise<T[]> {
  for (;;) {
    try {
      const { items } = await kubeRequestJson<{ items: T[] }>(
        kc,
        collectionPath(resource, resource.namespaced ? NAMESPACE : undefined),
        labelSelector ? { query: { labelSelector } } : {},
      );
      return items.map((item) => Object.assign(item, { kind: resource.kind }));
    } catch (error) {
      if (!(error instanceof KubeRequestError) || error.status !== 429) throw error;
      await sleep(250);
    }
  }
}

/** Only what Rackpilot made, as the controllers cache their owned kinds; the agents' identity by its label. */
function selectorOf(resource: ResourceDescriptor): string | undefined {
  if ([serviceAccountResource, clusterRoleResource, clusterRoleBindingResource].includes(resource))
    return `${VROUTER_RBAC_LABEL}=true`;
  if (resource === nodeResource) return undefined;
  return `${MANAGED_BY_LABEL}=${MANAGED_BY}`;
}

/**
 * One listing of what the pending children's observe functions read: the Manager's children, the
 * kinds they read, and the pods of the earlier stages' services and of the children planned now (not
 * every agent of every group on every poll). Nodes were listed once.
 */
async function listing(
  kc: KubeConfig,
  nodes: V1Node[],
  earlierTypes: ServiceType[],
  planned: KubernetesObject[],
): Promise<ListedObjects> {
  const kinds = [...new Set(planned.flatMap((object) => childKind(object).reads))].filter(
    (r) => r !== nodeResource,
  );
  const namesByType = new Map<ServiceType, string[]>();
  for (const object of planned) {
    const type = childKind(object).type;
    namesByType.set(type, [...(namesByType.get(type) ?? []), object.metadata?.name ?? '']);
  }
  const podSelectors = [
    ...(earlierTypes.length > 0 ? [`${SERVICE_TYPE_LABEL} in (${earlierTypes.join(',')})`] : []),
    ...[...namesByType].map(([type, names]) => `${type} in (${names.join(',')})`),
  ];
  const [children, listed, pods] = await Promise.all([
    Promise.all(MANAGED_RESOURCES.map(async (r) => [r, await list(kc, r)] as const)),
    Promise.all(kinds.map(async (r) => [r, await list(kc, r, selectorOf(r))] as const)),
    Promise.all(podSelectors.map((selector) => list(kc, podResource, selector))),
  ]);
  return new ListedObjects(
    [...children, ...listed, [nodeResource, nodes], [podResource, pods.flat()]],
    [
      servicePodIndex,
      { resource: nodeResource, name: NODE_LABEL_INDEX, values: nodeIndexValues },
      {
        resource: vrouterResource,
        name: SELECTOR_INDEX,
        values: (v) => selectorIndexValues((v as Vrouter).spec.commonConfiguration?.nodeSelector),
      },
    ],
  );
}

/**
 * What any correct controller must write for the whole Manager, with no controller: the Manager
 * created (as the controller mode creates it), then its children stage by stage in upstream's order
 * (contrail-manager-floor-plan.ts), a stage applied once every child before it is active. For each
 * child of the stage, polled every 250 ms: its controller's observe and planner on a listing of the
 * cluster, once at first and again whenever its StatefulSet or DaemonSet is rolled out; its owned
 * objects applied (then only those whose rendering changed), its generated Secret created once, and
 * its status written once, when the planner finds it active. Then the ProvisionManager and the Webui
 * planned once more, their changed objects and status written, for the members of later stages. Last
 * the Manager's status, from its own observe and planner. Resolves when that is written, Ready.
 */
export async function managerFloor(kc: KubeConfig, body: Manager, timeoutMs: number): Promise<FloorWrites> {
  const started = Date.now();
  const writes: FloorWrites = { apply: 0, status: 0 };
  const secrets = secretReader(kc);
  const access: CertificateAccess = {
    kc,
    metrics: new ControllerMetrics(),
    controller: { name: 'manager-floor', owns: [] },
    secrets: { get: secrets, fetch: secrets, remember: () => undefined },
  };
  const manager = await kubeRequestJson<Manager>(kc, collectionPath(managerResource, NAMESPACE), {
    method: 'POST',
    body,
  });
  const nodes = await list(kc, nodeResource);
  const earlierTypes: ServiceType[] = [];
  const apply = (resources: ResourceDescriptor[], objects: KubernetesObject[]) =>
    applyInDependencyOrder(kc, resources, objects.map(normaliseOwned), () => {
      writes.apply++;
    });
  const key = (object: KubernetesObject) => `${object.kind ?? ''}/${object.metadata?.name ?? ''}`;
  const written = new Map<string, KubernetesObject[]>();
  const stages = managerFloorStages(manager, nodes, new Date());
  for (const stage of stages) {
    await apply(MANAGED_RESOURCES, stage);
    const done = new Set<string>();
    while (done.size < stage.length) {
      if (Date.now() - started > timeoutMs)
        throw new Error(`only ${done.size} of ${stage.length} of ${stage.map(key).join(', ')} active`);
      const workloads = await Promise.all(
        [...new Set(stage.map((object) => childKind(object).workload))].map((r) =>
          list(kc, r, selectorOf(r)),
        ),
      );
      const byName = new Map(workloads.flat().map((w) => [w.metadata?.name ?? '', w]));
      const planned = stage.filter((object) => {
        if (done.has(key(object))) return false;
        const workload = byName.get(childKind(object).workloadName(object.metadata?.name ?? ''));
        return !written.has(key(object)) || !workload || rolledOut(workload);
      });
      if (planned.length > 0) {
        const reads = await listing(kc, nodes, earlierTypes, planned);
        await inBatches(planned, 16, async (object) => {
          const kind = childKind(object);
          const child = reads
            .of(MANAGED_RESOURCES.find((r) => r.kind === object.kind) as ResourceDescriptor)
            .get(object.metadata?.name ?? '', NAMESPACE);
          if (!child) throw new Error(`${key(object)} is not in the listing`);
          const plan = await kind.pass(reads, access, child);
          if (plan.createSecret) await createSecretOnce(access, plan.createSecret);
          if (plan.objects) {
            await apply(kind.owns, changedObjects(written.get(key(object)) ?? [], plan.objects));
            written.set(key(object), plan.objects);
          }
          if (plan.status?.active) {
            await applyStatus(
              kc,
              MANAGED_RESOURCES.find((r) => r.kind === object.kind) as ResourceDescriptor,
              child,
              plan.status,
            );
            writes.status++;
            done.add(key(object));
          }
        });
      }
      if (done.size < stage.length) await sleep(250);
    }
    earlierTypes.push(...new Set(stage.map((object) => childKind(object).type)));
  }
  // They render from Controls and vRouter groups that became active after them: given those once more,
  // as their controller gives them on every member change, before the Manager's Ready checks they were.
  const rerendered = stages.flat().filter((object) => RENDERS_FROM_MEMBERS.has(object.kind ?? ''));
  const rereads = await listing(kc, nodes, earlierTypes, rerendered);
  await inBatches(rerendered, 16, async (object) => {
    const resource = MANAGED_RESOURCES.find((r) => r.kind === object.kind) as ResourceDescriptor;
    const child = rereads.of(resource).get(object.metadata?.name ?? '', NAMESPACE);
    if (!child) throw new Error(`${key(object)} is not in the listing`);
    const kind = childKind(object);
    const plan = await kind.pass(rereads, access, child);
    await apply(kind.owns, changedObjects(written.get(key(object)) ?? [], plan.objects ?? []));
    if (!plan.status) return;
    await applyStatus(kc, resource, child, plan.status);
    writes.status++;
  });
  const reads = new ListedObjects(
    [
      ...(await Promise.all(MANAGED_RESOURCES.map(async (r) => [r, await list(kc, r)] as const))),
      [nodeResource, nodes],
    ],
    [{ resource: nodeResource, name: NODE_LABEL_INDEX, values: nodeIndexValues }],
  );
  const final = planManager(observeManager(reads, manager), new Date());
  // The Manager's one condition is Ready (its type says so).
  const [ready] = final.status.conditions ?? [];
  if (ready?.status !== 'True')
    throw new Error(`the floor's Manager is not Ready: ${ready?.reason ?? '?'}: ${ready?.message ?? ''}`);
  await applyStatus(kc, managerResource, manager, final.status);
  writes.status++;
  // Secrets created once (the generated ones, the CA): counted where they are created.
  const created = (await access.metrics.writes.get()).values.reduce((sum, value) => sum + value.value, 0);
  writes.apply += created;
  return writes;
}
