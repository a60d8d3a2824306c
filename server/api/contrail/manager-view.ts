import {
  configMapName,
  SERVICE_POD_INDEX,
  secretName,
  type ComponentType,
  type DataServiceType,
} from '../../controllers/contrail';
import type { InformerSet } from '../../kube/informer-set';
import { podResource, secretResource, type ResourceDescriptor } from '../../kube/resource';
import {
  cassandraResource,
  configResource,
  controlResource,
  kubemanagerResource,
  provisionManagerResource,
  rabbitmqResource,
  webuiResource,
  zookeeperResource,
  type Cassandra,
  type Manager,
  type ManagerServiceStatus,
  type Vrouter,
} from '../../types/crds';
import { isoTime } from '../iso-time';
import { readyView, type ReadyView } from '../ready-view';
import { buildGroupRow, configKeys, podView, type GroupPodView, type GroupRow } from './group-view';

/** A service a Manager runs as a StatefulSet: a data service or a Contrail component. */
export type ManagedServiceType = DataServiceType | ComponentType;

/** The kinds of service a Manager fans out, with the status list each lands in, in dependency order. */
const DATA_SERVICES: {
  type: ManagedServiceType;
  resource: ResourceDescriptor<DataServiceObject>;
  list: (m: Manager) => ManagerServiceStatus[];
}[] = [
  { type: 'cassandra', resource: cassandraResource, list: (m) => m.status?.cassandras ?? [] },
  { type: 'zookeeper', resource: zookeeperResource, list: (m) => m.status?.zookeepers ?? [] },
  {
    type: 'rabbitmq',
    resource: rabbitmqResource,
    list: (m) => (m.status?.rabbitmq ? [m.status.rabbitmq] : []),
  },
  { type: 'config', resource: configResource, list: (m) => (m.status?.config ? [m.status.config] : []) },
  { type: 'control', resource: controlResource, list: (m) => m.status?.controls ?? [] },
  { type: 'kubemanager', resource: kubemanagerResource, list: (m) => m.status?.kubemanagers ?? [] },
  { type: 'webui', resource: webuiResource, list: (m) => (m.status?.webui ? [m.status.webui] : []) },
  {
    type: 'provisionmanager',
    resource: provisionManagerResource,
    list: (m) => (m.status?.provisionManager ? [m.status.provisionManager] : []),
  },
];

/** One line of the Managers table. */
export interface ManagerRow {
  key: string;
  namespace: string;
  name: string;
  resourceVersion: string;
  ready: ReadyView;
  dataServices: { active: number; total: number };
  groups: { ready: number; total: number };
  /** Services not active (held back, coming up or failing), as `type/name`. */
  inactive: string[];
  /** Service entries Rackpilot keeps in spec but does not run, as `service/name`. */
  notManaged: string[];
  /** Active entries short of part of their spec (status.incomplete), as `service/name`. */
  incomplete: string[];
  createdAt?: string;
  deleting: boolean;
}

/** One service of a Manager: readiness, where it runs, and its configuration's keys. */
export interface DataServiceView {
  type: ManagedServiceType;
  name: string;
  /** The Manager has created the child (a dependency may hold it back). */
  created: boolean;
  active: boolean;
  ready: ReadyView;
  replicas: { ready: number; desired: number };
  /** Pod name to pod IP, as the service's status lists them. */
  nodes: { pod: string; ip: string }[];
  ports: Record<string, string>;
  /** The per-pod ConfigMap's keys (e.g. `<podIP>.yaml`); values stay on the server. */
  configKeys: string[];
  /** The name of the generated Secret if there is one: its values never leave the server. */
  secret?: string;
  pods: GroupPodView[];
}

export interface ManagerDetailView {
  row: ManagerRow;
  uid: string;
  services: DataServiceView[];
  groups: GroupRow[];
  profiles: string[];
  notManaged: { service: string; name: string }[];
  waiting: { service: string; name: string; reason: string }[];
  /** Active entries and what of their spec Rackpilot does not make work yet. */
  incomplete: { service: string; name: string; reason: string }[];
}

type DataServiceObject = Pick<Cassandra, 'metadata'> & {
  status?: Omit<NonNullable<Cassandra['status']>, 'ports'> & {
    ports?: Record<string, string | number | undefined>;
  };
  spec: { commonConfiguration?: { replicas?: number } };
};

/** The Vrouters a Manager owns: its groups and upstream-style vrouters entries. */
export function managerGroups(manager: Manager, vrouters: Vrouter[]): Vrouter[] {
  const uid = manager.metadata.uid;
  return vrouters.filter((vrouter) =>
    (vrouter.metadata.ownerReferences ?? []).some((ref) => ref.uid === uid),
  );
}

/** Every data-service entry of a Manager's status, with the child object if it exists. */
function dataServicesOf(
  manager: Manager,
  informers: InformerSet,
): { type: ManagedServiceType; status: ManagerServiceStatus; object?: DataServiceObject }[] {
  const namespace = manager.metadata.namespace ?? '';
  return DATA_SERVICES.flatMap(({ type, resource, list }) =>
    list(manager).map((status) => ({
      type,
      status,
      object: informers.has(resource) ? informers.of(resource).get(status.name ?? '', namespace) : undefined,
    })),
  );
}

export function buildManagerRow(manager: Manager, groups: Vrouter[]): ManagerRow {
  const { name = '', namespace = '', resourceVersion = '' } = manager.metadata;
  const services = DATA_SERVICES.flatMap(({ type, list }) =>
    list(manager).map((status) => ({ type, ...status })),
  );
  const groupRows = groups.map(buildGroupRow);
  return {
    key: `${namespace}/${name}`,
    namespace,
    name,
    resourceVersion,
    ready: readyView(manager as never, 'The Manager controller has not written a Ready condition yet'),
    dataServices: { active: services.filter((s) => s.active).length, total: services.length },
    inactive: services.filter((s) => !s.active).map((s) => `${s.type}/${s.name ?? ''}`),
    groups: {
      ready: groupRows.filter((g) => g.ready.status === 'True').length,
      total: groupRows.length,
    },
    notManaged: (manager.status?.notManaged ?? []).map((n) => `${n.service}/${n.name}`),
    incomplete: (manager.status?.incomplete ?? []).map((n) => `${n.service}/${n.name}`),
    createdAt: isoTime(manager.metadata.creationTimestamp),
    deleting: Boolean(manager.metadata.deletionTimestamp),
  };
}

export function buildManagerDetail(
  manager: Manager,
  groups: Vrouter[],
  informers: InformerSet,
): ManagerDetailView {
  const namespace = manager.metadata.namespace ?? '';
  const pods = informers.of(podResource);
  const secrets = informers.of(secretResource);
  return {
    row: buildManagerRow(manager, groups),
    uid: manager.metadata.uid ?? '',
    services: dataServicesOf(manager, informers).map(({ type, status, object }) => {
      const name = status.name ?? '';
      const secret = secretName(name);
      return {
        type,
        name,
        created: status.created === true,
        active: status.active === true,
        ready: object
          ? readyView(object as never, `The ${type} controller has not written a Ready condition yet`)
          : {
              status: 'Unknown',
              reason: 'NotCreated',
              message: 'The Manager has not created this service yet',
              outdated: false,
            },
        replicas: {
          ready: object?.status?.readyReplicas ?? 0,
          desired: object?.status?.replicas ?? object?.spec.commonConfiguration?.replicas ?? 0,
        },
        nodes: Object.entries(object?.status?.nodes ?? {})
          .map(([pod, ip]) => ({ pod, ip }))
          .sort((a, b) => a.pod.localeCompare(b.pod, 'en', { numeric: true })),
        // Webui's ports are numbers upstream, the other kinds' strings.
        ports: Object.fromEntries(
          Object.entries(object?.status?.ports ?? {}).flatMap(([port, value]) =>
            value === undefined ? [] : [[port, String(value)]],
          ),
        ),
        configKeys: configKeys(informers, namespace, configMapName(type, name)),
        ...(secrets.get(secret, namespace) ? { secret } : {}),
        pods: pods.byIndex(SERVICE_POD_INDEX, `${namespace}/${type}/${name}`).map(podView),
      };
    }),
    groups: groups.map(buildGroupRow).sort((a, b) => a.name.localeCompare(b.name)),
    profiles: (manager.spec.services?.vrouterProfileTemplates ?? []).map((p) => p.metadata.name),
    notManaged: manager.status?.notManaged ?? [],
    waiting: manager.status?.waiting ?? [],
    incomplete: manager.status?.incomplete ?? [],
  };
}
