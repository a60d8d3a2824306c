import type {
  V1ClusterRole,
  V1ClusterRoleBinding,
  V1Container,
  V1PolicyRule,
  V1Probe,
} from '@kubernetes/client-node';
import type { ResourceDescriptor } from '../../kube/resource';
import { configResource, type Config } from '../../types/crds/config';
import type { Control } from '../../types/crds/control';
import type { Kubemanager } from '../../types/crds/kubemanager';
import type { ProvisionManager } from '../../types/crds/provision-manager';
import type { Webui } from '../../types/crds/webui';
import { adminPasswordEnv } from './admin-password';
import type { ClusterMembers, Endpoints, PeerType } from './component-peers';
import type { ComponentType } from './contrail-names';
import { CONFIG_MAPS_DIR, configFiles, configSettings } from './config-files';
import { quorum } from './data-service-config';
import type { ServicePod } from './service-pods';

export type Component = Config | Control | Kubemanager | Webui | ProvisionManager;

/** One container of a component's pod, before serviceConfiguration.containers overrides it. */
export interface ComponentContainer {
  name: string;
  image: string;
  /** Run by `bash -c`, with the pod IP in POD_IP and the RabbitMQ Secret's user, password and vhost. */
  script: string;
  env?: V1Container['env'];
  /** Scratch folders (emptyDirs shared by name between the containers) beside the ConfigMap. */
  scratch?: Record<string, string>;
  readinessProbe?: V1Probe;
}

/** What differs between the components; the controller and planner are shared. */
export interface ComponentKind<T extends Component = Component> {
  type: ComponentType;
  resource: ResourceDescriptor<T>;
  /** The per-pod file the init container waits for, with `${POD_IP}` left for the shell. */
  podFile: string;
  /** The peers it waits for, active, before anything is rendered; their endpoints come from status. */
  needs: PeerType[];
  /** Reads its cluster's Cassandras, Controls and vRouter groups (ClusterMembers). */
  readsCluster?: boolean;
  /** Runs its pods as a ServiceAccount of its own, whose token they present to the Kubernetes API. */
  serviceAccount?: boolean;
  /**
   * Cluster-wide access for that ServiceAccount: the ClusterRole and binding it renders, which the
   * namespaced component cannot own (its finalizer deletes them), and their rules, which Rackpilot
   * must hold to grant.
   */
  clusterAccess?: {
    rules: V1PolicyRule[];
    finalizer: string;
    render(object: T): [V1ClusterRole, V1ClusterRoleBinding];
  };
  containers(object: T): ComponentContainer[];
  /** The ports its Service publishes; none means no Service (upstream gives the kind none). */
  ports(object: T): Record<string, number>;
  config(
    object: T,
    pods: ServicePod[],
    endpoints: Endpoints,
    members: ClusterMembers,
  ): Record<string, string>;
  /**
   * The pods of its cluster's members its rendering gives its pods, by name, sorted, from the same
   * members as `config`: status.membersRendered, which the Manager's Ready compares with its children's
   * pods. Only the kinds that render from members that become active beside or after them have it.
   */
  membersRendered?(members: ClusterMembers): string[];
  /** Upstream's meaning of active for this kind. */
  active(replicas: number, ready: number): boolean;
  /** status.ports as upstream writes it; absent for the kinds whose status has none. */
  statusPorts?(object: T): Record<string, string | number>;
  /**
   * What of the spec Rackpilot does not make work yet, one sentence each: with any, Ready stays False
   * (INCOMPLETE) even once `active`, which keeps upstream's meaning (pods ready) for the peers waiting on it.
   */
  gaps?(object: T): string[];
}

/** The ServiceAccount a kind's pods run as, when it has one: `<name>-<type>`. */
export const componentServiceAccount = (kind: Pick<ComponentKind, 'type'>, object: Component) =>
  `${object.metadata.name ?? ''}-${kind.type}`;

/** Ready's reason for a component whose pods are active but whose kind names gaps; its message is them. */
export const INCOMPLETE = 'Incomplete';

/** Upstream's active for most components: every requested pod ready. */
export const everyPodReady = (replicas: number, ready: number) => replicas > 0 && ready >= replicas;

/** The image upstream's Manager sample runs for a Contrail program (`controller-config-api`, …). */
export const image = (name: string) => `opencontrailnightly/contrail-${name}:1910-latest`;

/** The RabbitMQ credentials as command-line options, from the Secret in the environment. */
const RABBIT_OPTIONS = '--rabbit_user "$user" --rabbit_password "$password" --rabbit_vhost "$vhost"';
/** The same for the C++ programs (collector, control, dns), which read them in [CONFIGDB]. */
export const CONFIGDB_RABBIT_OPTIONS =
  '--CONFIGDB.rabbitmq_user "$user" --CONFIGDB.rabbitmq_password "$password" --CONFIGDB.rabbitmq_vhost "$vhost"';
const linkVnc = `ln -sf ${CONFIG_MAPS_DIR}/vnc.\${POD_IP} /etc/contrail/vnc_api_lib.ini`;
const python = (program: string, file: string) =>
  `${linkVnc}; exec /usr/bin/python /usr/bin/${program} --conf_file ${CONFIG_MAPS_DIR}/${file}.\${POD_IP} ${RABBIT_OPTIONS}`;
const nodemanager = (type: 'config' | 'analytics'): ComponentContainer => ({
  name: `nodemanager${type}`,
  image: image('nodemgr'),
  script: `ln -sf ${CONFIG_MAPS_DIR}/nodemanager${type}.\${POD_IP} /etc/contrail/contrail-${type}-nodemgr.conf; exec /usr/bin/contrail-nodemgr --nodetype=contrail-${type}`,
  env: [{ name: 'NODE_TYPE', value: type }],
});

/** The share the device manager and dnsmasq exchange DHCP and TFTP files through. */
const DNSMASQ_SCRATCH = { dnsmasq: '/var/lib/dnsmasq', tftp: '/var/lib/tftp' };

/** What upstream's dnsmasq container is given of the Keystone admin: the password from the Manager's Secret. */
function keystoneAdmin(secretName: string | undefined): ComponentContainer['env'] {
  if (!secretName) return [];
  return [
    ...adminPasswordEnv('KEYSTONE_AUTH_ADMIN_PASSWORD', secretName),
    { name: 'KEYSTONE_AUTH_ADMIN_USER', value: 'admin' },
    { name: 'KEYSTONE_AUTH_ADMIN_TENANT', value: 'admin' },
  ];
}

/** Config: upstream's containers of the configuration and analytics nodes. */
function configContainers(config: Config): ComponentContainer[] {
  const containers: ComponentContainer[] = [
    {
      name: 'api',
      image: image('controller-config-api'),
      script: python('contrail-api', 'api') + ' --worker_id 0',
    },
    {
      name: 'devicemanager',
      image: image('controller-config-devicemgr'),
      script: python('contrail-device-manager', 'devicemanager'),
      scratch: DNSMASQ_SCRATCH,
    },
    {
      name: 'dnsmasq',
      image: image('external-dnsmasq'),
      script: `exec dnsmasq -k -p0 --conf-file=${CONFIG_MAPS_DIR}/dnsmasq.\${POD_IP}`,
      scratch: { dnsmasq: '/var/lib/dnsmasq', tftp: '/etc/tftp' },
      env: keystoneAdmin(config.spec.serviceConfiguration.keystoneSecretName),
    },
    {
      name: 'schematransformer',
      image: image('controller-config-schema'),
      script: python('contrail-schema', 'schematransformer'),
    },
    {
      name: 'servicemonitor',
      image: image('controller-config-svcmonitor'),
      script: python('contrail-svc-monitor', 'servicemonitor'),
    },
    {
      name: 'analyticsapi',
      image: image('analytics-api'),
      script: `exec /usr/bin/python /usr/bin/contrail-analytics-api -c ${CONFIG_MAPS_DIR}/analyticsapi.\${POD_IP}`,
      env: [
        { name: 'ANALYTICSDB_ENABLE', value: 'true' },
        { name: 'ANALYTICS_ALARM_ENABLE', value: 'true' },
      ],
    },
    {
      name: 'queryengine',
      image: image('analytics-query-engine'),
      script: `exec /usr/bin/contrail-query-engine --conf_file ${CONFIG_MAPS_DIR}/queryengine.\${POD_IP}`,
    },
    {
      name: 'collector',
      image: image('analytics-collector'),
      script: `exec /usr/bin/contrail-collector --conf_file ${CONFIG_MAPS_DIR}/collector.\${POD_IP} ${CONFIGDB_RABBIT_OPTIONS}`,
    },
    {
      name: 'redis',
      image: 'redis:4.0.2',
      script: `exec redis-server --protected-mode no --bind 0.0.0.0 --port ${configSettings(config).ports.redisPort}`,
    },
  ];
  if (config.spec.serviceConfiguration.nodeManager !== false)
    containers.push(nodemanager('config'), nodemanager('analytics'));
  return containers;
}

export const configKind: ComponentKind<Config> = {
  type: 'config',
  resource: configResource,
  podFile: 'api.${POD_IP}',
  needs: ['cassandra', 'zookeeper', 'rabbitmq'],
  containers: configContainers,
  ports: (config) => configSettings(config).ports,
  config: (config, pods, endpoints) => configFiles(config, pods, endpoints),
  // Upstream's Config is active with a quorum of its pods ready.
  active: (replicas, ready) => replicas > 0 && ready >= quorum(replicas),
  statusPorts: (config) => {
    const { ports } = configSettings(config);
    return {
      apiPort: `${ports.apiPort}`,
      analyticsPort: `${ports.analyticsPort}`,
      collectorPort: `${ports.collectorPort}`,
      redisPort: `${ports.redisPort}`,
    };
  },
};
