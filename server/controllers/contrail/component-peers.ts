import type { Cassandra } from '../../types/crds/cassandra';
import type { Config } from '../../types/crds/config';
import type { Control } from '../../types/crds/control';
import type { Rabbitmq } from '../../types/crds/rabbitmq';
import type { Vrouter } from '../../types/crds/vrouter';
import type { Zookeeper } from '../../types/crds/zookeeper';
import { CLUSTER_LABEL } from './contrail-names';
import { CONFIG_PORTS } from './config-files';
import { CONTROL_PORTS } from './control-files';
import { CASSANDRA_PORTS, RABBITMQ_PORTS, ZOOKEEPER_PORTS } from './data-service-config';

/** The services a component reads its endpoints from and waits for. */
export type PeerType = 'cassandra' | 'zookeeper' | 'rabbitmq' | 'config' | 'control';

/**
 * The peers as found: Cassandra, ZooKeeper and Control by the names serviceConfiguration gives,
 * RabbitMQ and Config by the `contrail_cluster` label the component shares with them (upstream has no
 * field naming them).
 */
export interface Peers {
  cassandra?: Cassandra;
  zookeeper?: Zookeeper;
  rabbitmq?: Rabbitmq;
  config?: Config;
  control?: Control;
}

/** How a component names its peers. */
export interface PeerNames {
  cassandraInstance?: string;
  zookeeperInstance?: string;
  controlInstance?: string;
  /** The component's `contrail_cluster` label. */
  cluster?: string;
}

/**
 * Every Cassandra, Config, Control and vRouter group of the component's cluster (by its
 * `contrail_cluster` label), active or not, and facts of each of their pods: what the provisioner
 * registers with Config and the web UI lists for DNS. Empty for the kinds that do not read it.
 */
export interface ClusterMembers {
  cassandras: Cassandra[];
  configs: Config[];
  controls: Control[];
  vrouters: Vrouter[];
  /** Pod name to the host name upstream registers: the node's for a host-network pod, else the pod's. */
  hostnames: Record<string, string>;
  /** Pod name to its address on the data network (its dataSubnetIP annotation), where it has one. */
  dataIps: Record<string, string>;
}

export const NO_MEMBERS: ClusterMembers = {
  cassandras: [],
  configs: [],
  controls: [],
  vrouters: [],
  hostnames: {},
  dataIps: {},
};

export interface Endpoints {
  cassandra: { ips: string[]; port: number; cqlPort: number; jmxPort: number };
  zookeeper: { ips: string[]; clientPort: number };
  /**
   * The clients reach RabbitMQ on its TLS listener (upstream's), with the user, password and vhost of
   * the Secret: the pods read it, the ConfigMap never holds it.
   */
  rabbitmq: { ips: string[]; sslPort: number; secret: string };
  config: { ips: string[]; apiPort: number; analyticsPort: number; collectorPort: number };
  /** Where the vRouter agents reach the control nodes: XMPP (routes) and DNS. */
  control: { ips: string[]; xmppPort: number; dnsPort: number };
}

export function peerNames(object: {
  metadata: { labels?: Record<string, string> };
  spec: { serviceConfiguration: object };
}): PeerNames {
  // Only some kinds have these fields (the provisioner names no Cassandra or ZooKeeper).
  const given = object.spec.serviceConfiguration as {
    cassandraInstance?: string;
    zookeeperInstance?: string;
    controlInstance?: string;
  };
  return {
    cassandraInstance: given.cassandraInstance,
    zookeeperInstance: given.zookeeperInstance,
    controlInstance: given.controlInstance,
    cluster: object.metadata.labels?.[CLUSTER_LABEL],
  };
}

/** Pod IPs from a status' nodes, in upstream's order (sorted as strings), so every pod renders the same list. */
function ipsOf(nodes: Record<string, string> | undefined): string[] {
  return Object.values(nodes ?? {}).sort();
}

function portOf(value: string | undefined, fallback: number): number {
  const port = Number(value);
  return Number.isInteger(port) && port > 0 ? port : fallback;
}

type Found<T> = { found: T } | { wait: string };

function activePeer<T extends { status?: { active?: boolean } }>(
  type: PeerType,
  how: string | undefined,
  object: T | undefined,
): Found<T> {
  if (!how) {
    const by =
      type === 'cassandra' || type === 'zookeeper' || type === 'control'
        ? `serviceConfiguration.${type}Instance`
        : `the ${CLUSTER_LABEL} label`;
    return { wait: `no ${type} named: ${by} is not set` };
  }
  if (!object) return { wait: `${type} ${how} does not exist` };
  if (object.status?.active !== true) return { wait: `${type} ${how} is not active yet` };
  return { found: object };
}

/**
 * The endpoints of the peers a component needs, or what it waits for: upstream renders nothing until
 * each is active, and takes the addresses and ports from their status.
 */
export function resolvePeers(
  needs: PeerType[],
  names: PeerNames,
  peers: Peers,
): { endpoints: Partial<Endpoints>; waiting: string[] } {
  const endpoints: Partial<Endpoints> = {};
  const waiting: string[] = [];
  const take = <T>(found: Found<T>, use: (object: T) => void) => {
    if ('wait' in found) waiting.push(found.wait);
    else use(found.found);
  };
  const ofCluster = names.cluster ? `of cluster ${names.cluster}` : undefined;
  for (const need of needs) {
    if (need === 'cassandra')
      take(activePeer(need, names.cassandraInstance, peers.cassandra), (c) => {
        endpoints.cassandra = {
          ips: ipsOf(c.status?.nodes),
          port: portOf(c.status?.ports?.port, CASSANDRA_PORTS.port),
          cqlPort: portOf(c.status?.ports?.cqlPort, CASSANDRA_PORTS.cqlPort),
          jmxPort: portOf(c.status?.ports?.jmxPort, CASSANDRA_PORTS.jmxLocalPort),
        };
      });
    if (need === 'zookeeper')
      take(activePeer(need, names.zookeeperInstance, peers.zookeeper), (z) => {
        endpoints.zookeeper = {
          ips: ipsOf(z.status?.nodes),
          clientPort: portOf(z.status?.ports?.clientPort, ZOOKEEPER_PORTS.clientPort),
        };
      });
    if (need === 'rabbitmq')
      take(activePeer(need, ofCluster, peers.rabbitmq), (r) => {
        endpoints.rabbitmq = {
          ips: ipsOf(r.status?.nodes),
          sslPort: portOf(r.status?.ports?.sslPort, RABBITMQ_PORTS.sslPort),
          secret: r.status?.secret ?? `${r.metadata.name ?? ''}-secret`,
        };
      });
    if (need === 'config')
      take(activePeer(need, ofCluster, peers.config), (c) => {
        endpoints.config = {
          ips: ipsOf(c.status?.nodes),
          apiPort: portOf(c.status?.ports?.apiPort, CONFIG_PORTS.apiPort),
          analyticsPort: portOf(c.status?.ports?.analyticsPort, CONFIG_PORTS.analyticsPort),
          collectorPort: portOf(c.status?.ports?.collectorPort, CONFIG_PORTS.collectorPort),
        };
      });
    if (need === 'control')
      take(activePeer(need, names.controlInstance, peers.control), (c) => {
        endpoints.control = {
          ips: ipsOf(c.status?.nodes),
          xmppPort: portOf(c.status?.ports?.xmppPort, CONTROL_PORTS.xmppPort),
          dnsPort: portOf(c.status?.ports?.dnsPort, CONTROL_PORTS.dnsPort),
        };
      });
  }
  return { endpoints, waiting };
}
