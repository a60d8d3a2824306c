import type { KubernetesObject, V1Node } from '@kubernetes/client-node';
import { controllerReference } from '../../kube/owner-references';
import type { ResourceDescriptor } from '../../kube/resource';
import { cassandraResource } from '../../types/crds/cassandra';
import { configResource } from '../../types/crds/config';
import { controlResource } from '../../types/crds/control';
import { kubemanagerResource } from '../../types/crds/kubemanager';
import {
  managerResource,
  type Manager,
  type ManagerGroupTemplate,
  type ManagerPodConfiguration,
  type ManagerService,
  type ManagerServiceStatus,
  type ManagerStatus,
} from '../../types/crds/manager';
import { provisionManagerResource } from '../../types/crds/provision-manager';
import { rabbitmqResource } from '../../types/crds/rabbitmq';
import { vrouterResource, type VrouterProfile } from '../../types/crds/vrouter';
import { webuiResource } from '../../types/crds/webui';
import { zookeeperResource } from '../../types/crds/zookeeper';
import type { PlannedEvent } from '../../kube/reconcile-steps';
import { readyCondition, readyEvents } from '../common/ready-condition';
import { handDown } from './admin-password';
import { CLUSTER_LABEL } from './contrail-names';
import {
  readyVerdict,
  renderingBehind,
  type ChildState,
  type NamedReason,
  type SeenChild,
} from './manager-ready';
import { nodeHostAliases } from './node-selector';

/** The children a Manager creates; every other service kind it keeps in spec and reports as such. */
const MANAGED = {
  cassandras: cassandraResource,
  zookeepers: zookeeperResource,
  rabbitmq: rabbitmqResource,
  config: configResource,
  controls: controlResource,
  kubemanagers: kubemanagerResource,
  webui: webuiResource,
  provisionManager: provisionManagerResource,
  vrouters: vrouterResource,
} as const;
type ManagedService = keyof typeof MANAGED;
/** The kinds a Manager owns, which its declaration watches. */
export const MANAGED_RESOURCES: ResourceDescriptor[] = Object.values(MANAGED);
/** The services others wait for. */
type Peer = 'cassandras' | 'zookeepers' | 'rabbitmq' | 'config' | 'controls';
/** The services a spec holds one of, not a list. */
type SingleService = 'rabbitmq' | 'config' | 'webui' | 'provisionManager';

const NOT_MANAGED = [
  'command',
  'postgres',
  'keystone',
  'swift',
  'memcached',
  'contrailmonitor',
  'contrailCNIs',
] as const;

/** A child as the plan reads it: whether it reports itself active, its pods, what it was given, its Ready. */
export type ChildObject = KubernetesObject & {
  status?: {
    active?: boolean;
    nodes?: Record<string, string>;
    membersRendered?: string[];
    conditions?: { type: string; reason?: string; message?: string }[];
  };
};

export interface ManagerObserved {
  manager: Manager;
  /** Nodes matching the Manager's commonConfiguration.nodeSelector. */
  nodes: V1Node[];
  /** The child of that kind and name in the Manager's namespace, if it exists. */
  child(resource: ResourceDescriptor<ChildObject>, name: string): ChildState | undefined;
}

export interface ManagerPlan {
  /** The Cassandras, ZooKeepers, RabbitMQ and vRouters it owns. */
  objects: KubernetesObject[];
  status: ManagerStatus;
  events: PlannedEvent[];
}

interface Entry {
  service: ManagedService;
  name: string;
  labels: Record<string, string> | undefined;
  spec: Record<string, unknown>;
}

/** Upstream: the matching node count, less one when even so a quorum stays odd; 0 stays 0. */
export function quorumReplicas(nodeCount: number): number {
  return nodeCount % 2 === 0 && nodeCount > 0 ? nodeCount - 1 : nodeCount;
}

/** The Manager's settings underneath the entry's own: a field the entry sets wins whole. */
function mergeCommon(
  manager: Manager,
  own: ManagerPodConfiguration | undefined,
  replicas: number,
): ManagerPodConfiguration {
  const common = manager.spec.commonConfiguration ?? {};
  return { replicas, ...dropUndefined(common), ...dropUndefined(own ?? {}) };
}

function dropUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Upstream gives these one hostAlias per selected node when their merged settings name none. */
const NODE_ALIASED = new Set<ManagedService>(['cassandras', 'config']);

function serviceEntries(manager: Manager, replicas: number, nodes: V1Node[]): Entry[] {
  const services = manager.spec.services ?? {};
  const entries: Entry[] = [];
  const nodeAliases = nodeHostAliases(nodes);
  const add = (service: ManagedService, item: ManagerService, extra: Record<string, unknown> = {}) => {
    const common = mergeCommon(manager, item.spec?.commonConfiguration, replicas);
    if (NODE_ALIASED.has(service) && !common.hostAliases?.length && nodeAliases.length > 0) {
      common.hostAliases = nodeAliases;
    }
    entries.push({
      service,
      name: item.metadata.name,
      labels: item.metadata.labels,
      spec: {
        commonConfiguration: common,
        serviceConfiguration: { ...extra, ...item.spec?.serviceConfiguration, ...handDown(manager, service) },
      },
    });
  };
  for (const item of services.cassandras ?? [])
    add('cassandras', item, { clusterName: manager.metadata.name });
  for (const item of services.zookeepers ?? []) add('zookeepers', item);
  if (services.rabbitmq) add('rabbitmq', services.rabbitmq);
  if (services.config) add('config', services.config);
  for (const item of services.controls ?? []) add('controls', item);
  for (const item of services.kubemanagers ?? []) add('kubemanagers', item);
  if (services.webui) add('webui', services.webui);
  if (services.provisionManager) add('provisionManager', services.provisionManager);
  for (const item of services.vrouters ?? []) add('vrouters', item);
  for (const group of services.vrouterTemplates ?? []) {
    if (group.spec.activate === false) continue;
    entries.push({
      service: 'vrouters',
      name: group.metadata.name,
      labels: group.metadata.labels,
      spec: vrouterSpecOfGroup(manager, group),
    });
  }
  return entries;
}

/** A design group as the Vrouter it becomes: selector and tolerations, gateway, Control, profiles resolved. */
function vrouterSpecOfGroup(manager: Manager, group: ManagerGroupTemplate): Record<string, unknown> {
  const templates = manager.spec.services?.vrouterProfileTemplates ?? [];
  const profiles: VrouterProfile[] = (group.spec.configuration?.profiles ?? []).flatMap((name) => {
    const template = templates.find((t) => t.metadata.name === name);
    return template ? [{ name, ...template.spec }] : [];
  });
  const common = dropUndefined({
    ...manager.spec.commonConfiguration,
    replicas: undefined,
    nodeSelector: group.spec.nodeSelector,
    tolerations: group.spec.tolerations,
  });
  return {
    commonConfiguration: common,
    serviceConfiguration: dropUndefined({
      gateway: group.spec.configuration?.vRouterGateway,
      controlInstance: group.spec.configuration?.controlInstance,
      upgradeStrategy: group.spec.upgradeStrategy,
      profiles,
    }),
  };
}

/** Whether the child of that kind and name is in the spec and active; else why not. */
function waitFor(
  manager: Manager,
  observed: ManagerObserved,
  service: Peer,
  name: string,
): string | undefined {
  const declared = manager.spec.services?.[service];
  const names = (Array.isArray(declared) ? declared : declared ? [declared] : []).map((s) => s.metadata.name);
  if (!name) return `serviceConfiguration.${singular(service)}Instance is not set`;
  if (!names.includes(name)) return `${singular(service)} ${name} is not in spec.services.${service}`;
  if (!observed.child(MANAGED[service], name)?.active)
    return `${singular(service)} ${name} is not active yet`;
  return undefined;
}

const singular = (service: string) => service.replace(/s$/, '');

const stringField = (spec: Record<string, unknown>, field: string) => {
  const value = (spec.serviceConfiguration as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : '';
};

/**
 * What each kind waits for before it is created, in upstream's order: a peer named by a field of
 * serviceConfiguration (optional: no wait when unset), or the spec's one RabbitMQ or Config.
 */
const NEEDS: Partial<Record<ManagedService, { service: Peer; field?: string; optional?: boolean }[]>> = {
  config: [
    { service: 'cassandras', field: 'cassandraInstance' },
    { service: 'zookeepers', field: 'zookeeperInstance' },
    { service: 'rabbitmq' },
  ],
  controls: [{ service: 'cassandras', field: 'cassandraInstance' }, { service: 'config' }],
  kubemanagers: [
    { service: 'cassandras', field: 'cassandraInstance' },
    { service: 'zookeepers', field: 'zookeeperInstance' },
    { service: 'rabbitmq' },
    { service: 'config' },
  ],
  webui: [{ service: 'cassandras', field: 'cassandraInstance' }, { service: 'config' }],
  provisionManager: [{ service: 'config' }],
  vrouters: [
    { service: 'cassandras', field: 'cassandraInstance', optional: true },
    { service: 'controls', field: 'controlInstance', optional: true },
  ],
};

/**
 * Upstream's creation order as stages of kinds, from NEEDS: a kind comes one stage after the latest
 * kind it waits for, so the data services come first, then Config, then what waits for Config, then
 * the vRouters (which wait for a Control). The Manager's kinds of children, by their kind name.
 */
export function creationStages(): string[][] {
  const stageOf = (service: ManagedService): number =>
    Math.max(-1, ...(NEEDS[service] ?? []).map((need) => stageOf(need.service))) + 1;
  const stages: string[][] = [];
  for (const service of Object.keys(MANAGED) as ManagedService[]) {
    const stage = stageOf(service);
    stages[stage] = [...(stages[stage] ?? []), MANAGED[service].kind];
  }
  return stages;
}

/** Why the entry cannot be created yet: the peers it needs that are not declared or not active. */
function dependencyWait(entry: Entry, manager: Manager, observed: ManagerObserved): string | undefined {
  const waits = (NEEDS[entry.service] ?? []).flatMap(({ service, field, optional }) => {
    if (!field) {
      const single = manager.spec.services?.[service as SingleService]?.metadata.name;
      return [single ? waitFor(manager, observed, service, single) : `spec.services has no ${service}`];
    }
    const name = stringField(entry.spec, field);
    return optional && !name ? [] : [waitFor(manager, observed, service, name)];
  });
  const found = waits.filter((wait) => wait !== undefined);
  return found.length > 0 ? found.join(', ') : undefined;
}

function notManaged(manager: Manager): { service: string; name: string }[] {
  const services = (manager.spec.services ?? {}) as Record<
    string,
    ManagerService | ManagerService[] | undefined
  >;
  return NOT_MANAGED.flatMap((service) => {
    const value = services[service];
    const items = Array.isArray(value) ? value : value ? [value] : [];
    return items.map((item) => ({ service, name: item.metadata.name }));
  });
}

/**
 * Fans the Manager's services out into child objects and rolls their readiness up. Pure: reads the
 * Manager, the matching nodes and the children's state, never writes the Manager's spec. Unlike
 * upstream, an entry that waits for a dependency holds Ready back and the condition says why, and so
 * do an active child that names part of its spec it does not make work (status.incomplete), an
 * active ProvisionManager or Webui not yet given every pod of the Controls and vRouter groups it
 * renders from (manager-ready.ts), and every service of the spec Rackpilot does not run (command,
 * keystone, postgres, …).
 */
export function planManager(observed: ManagerObserved, now: Date): ManagerPlan {
  const { manager } = observed;
  const replicas = quorumReplicas(observed.nodes.length);
  const namespace = manager.metadata.namespace ?? '';
  const children: KubernetesObject[] = [];
  const waiting: NamedReason[] = [];
  const incomplete: NamedReason[] = [];
  const seen: SeenChild[] = [];
  const statuses: Record<ManagedService, ManagerServiceStatus[]> = {
    cassandras: [],
    zookeepers: [],
    rabbitmq: [],
    config: [],
    controls: [],
    kubemanagers: [],
    webui: [],
    provisionManager: [],
    vrouters: [],
  };
  for (const entry of serviceEntries(manager, replicas, observed.nodes)) {
    const resource = MANAGED[entry.service];
    const wait = dependencyWait(entry, manager, observed);
    const state = observed.child(resource, entry.name);
    seen.push({ service: entry.service, name: entry.name, state });
    if (wait && !state) {
      waiting.push({ service: entry.service, name: entry.name, reason: wait });
      statuses[entry.service].push({ name: entry.name, active: false, created: false });
      continue;
    }
    children.push({
      apiVersion: `${resource.group}/${resource.version}`,
      kind: resource.kind,
      metadata: {
        name: entry.name,
        namespace,
        labels: { ...entry.labels, [CLUSTER_LABEL]: manager.metadata.name ?? '' },
        ownerReferences: [controllerReference(manager, managerResource)],
      },
      spec: entry.spec,
    } as KubernetesObject);
    statuses[entry.service].push({
      name: entry.name,
      active: state?.active ?? false,
      created: Boolean(state),
    });
    if (state?.active && state.incomplete)
      incomplete.push({ service: entry.service, name: entry.name, reason: state.incomplete });
  }
  const [rabbitmq] = statuses.rabbitmq;
  const [config] = statuses.config;
  const [webui] = statuses.webui;
  const [provisionManager] = statuses.provisionManager;
  const unmanaged = notManaged(manager);
  const status: ManagerStatus = {
    cassandras: statuses.cassandras,
    zookeepers: statuses.zookeepers,
    controls: statuses.controls,
    kubemanagers: statuses.kubemanagers,
    vrouters: statuses.vrouters,
    // Status is applied whole: a rabbitmq removed from spec loses its entry by being left out.
    ...(rabbitmq ? { rabbitmq } : {}),
    ...(config ? { config } : {}),
    ...(webui ? { webui } : {}),
    ...(provisionManager ? { provisionManager } : {}),
    replicas,
    notManaged: unmanaged,
    waiting,
    incomplete,
  };
  const verdict = readyVerdict(statuses, waiting, incomplete, renderingBehind(seen), unmanaged);
  status.conditions = [readyCondition(manager as never, verdict, now) as never];
  return { objects: children, status, events: readyEvents(manager as never, verdict) };
}
