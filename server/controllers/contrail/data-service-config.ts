import { podTls } from './pod-tls';
import type { ServicePod } from './service-pods';

/** Port defaults as upstream's (reference-operators.md §5.3). */
export const CASSANDRA_PORTS = {
  port: 9160,
  cqlPort: 9042,
  storagePort: 7000,
  sslStoragePort: 7001,
  jmxLocalPort: 7200,
};
export const ZOOKEEPER_PORTS = { clientPort: 2181, serverPort: 2888, electionPort: 3888, adminPort: 2182 };
/** Where a ZooKeeper pod keeps the copies of its configuration that ZooKeeper may rewrite. */
export const ZOOKEEPER_CONFIG_DIR = '/mydata-rw';
export const RABBITMQ_PORTS = { port: 5673, sslPort: 15673 };
/**
 * The ConfigMap key holding the desired replicas, for a kind whose pods leave their cluster on a
 * scale-down: read live through the volume (not subPath), so a running pod sees it change.
 */
export const MEMBERS_KEY = 'members';

export type Ports<T> = { [K in keyof T]: number };

/** What a quorum of `n` is: more than half. */
export function quorum(n: number): number {
  return Math.floor(n / 2) + 1;
}

/**
 * Seeds: a quorum (of the requested replicas) of the ready pods, lowest ordinals first; while none
 * is ready, the first pod, so the first node can bootstrap alone.
 */
export function cassandraSeeds(pods: ServicePod[], replicas: number): string[] {
  const ready = pods.filter((pod) => pod.ready);
  if (ready.length === 0) return pods.slice(0, 1).map((pod) => pod.ip);
  return ready.slice(0, quorum(replicas)).map((pod) => pod.ip);
}

export interface CassandraSettings {
  clusterName: string;
  ports: Ports<typeof CASSANDRA_PORTS>;
  maxHeapSize: string;
  minHeapSize: string;
  startRPC: boolean;
}

/**
 * Where a Cassandra pod keeps its Java key stores, made at start from its certificate (upstream's
 * paths), and the cassandra.yaml it runs with: the rendered one with the stores' passwords put in.
 */
export const CASSANDRA_KEYSTORE_DIR = '/etc/keystore';
export const CASSANDRA_KEYSTORE = `${CASSANDRA_KEYSTORE_DIR}/server-keystore.jks`;
export const CASSANDRA_TRUSTSTORE = `${CASSANDRA_KEYSTORE_DIR}/server-truststore.jks`;
export const CASSANDRA_RUN_CONFIG = `${CASSANDRA_KEYSTORE_DIR}/cassandra.yaml`;
/**
 * What stands for the stores' passwords in the rendered file: they are the Secret's (keystorePassword,
 * truststorePassword), never a ConfigMap's, and are put in by the pod at start.
 */
export const KEYSTORE_PASSWORD_MARK = '__KEYSTORE_PASSWORD__';
export const TRUSTSTORE_PASSWORD_MARK = '__TRUSTSTORE_PASSWORD__';

/**
 * One `<podIP>.yaml` per pod: cassandra.yaml with its own addresses and the shared seed list, and
 * upstream's encryption: between the nodes (each presenting its certificate, trusting the CA) and
 * towards the clients, who must use TLS.
 */
export function cassandraConfig(
  pods: ServicePod[],
  replicas: number,
  settings: CassandraSettings,
): Record<string, string> {
  const seeds = cassandraSeeds(pods, replicas).join(',');
  const data: Record<string, string> = {};
  for (const pod of pods) {
    data[`${pod.ip}.yaml`] = [
      `cluster_name: ${JSON.stringify(settings.clusterName)}`,
      `listen_address: ${pod.ip}`,
      `broadcast_address: ${pod.ip}`,
      `rpc_address: ${pod.ip}`,
      `broadcast_rpc_address: ${pod.ip}`,
      `rpc_port: ${settings.ports.port}`,
      `native_transport_port: ${settings.ports.cqlPort}`,
      `storage_port: ${settings.ports.storagePort}`,
      `ssl_storage_port: ${settings.ports.sslStoragePort}`,
      `start_rpc: ${settings.startRPC}`,
      // Cassandra reads this file alone (-Dcassandra.config), and refuses to start without these,
      // which have no default: the values of its own shipped cassandra.yaml.
      'commitlog_sync: periodic',
      'commitlog_sync_period_in_ms: 10000',
      'partitioner: org.apache.cassandra.dht.Murmur3Partitioner',
      'endpoint_snitch: SimpleSnitch',
      'seed_provider:',
      '  - class_name: org.apache.cassandra.locator.SimpleSeedProvider',
      '    parameters:',
      `      - seeds: "${seeds}"`,
      'server_encryption_options:',
      '  internode_encryption: all',
      `  keystore: ${CASSANDRA_KEYSTORE}`,
      `  keystore_password: "${KEYSTORE_PASSWORD_MARK}"`,
      `  truststore: ${CASSANDRA_TRUSTSTORE}`,
      `  truststore_password: "${TRUSTSTORE_PASSWORD_MARK}"`,
      '  require_client_auth: true',
      '  store_type: JKS',
      'client_encryption_options:',
      '  enabled: true',
      '  optional: false',
      `  keystore: ${CASSANDRA_KEYSTORE}`,
      `  keystore_password: "${KEYSTORE_PASSWORD_MARK}"`,
      '',
    ].join('\n');
  }
  data['jvm.env'] =
    `MAX_HEAP_SIZE=${settings.maxHeapSize}\nHEAP_NEWSIZE=${settings.minHeapSize}\nJMX_PORT=${settings.ports.jmxLocalPort}\n`;
  return data;
}

/**
 * `myid.<podIP>` (StatefulSet ordinal + 1, so 11 replicas get 1..11) and `zoo.cfg.dynamic.<podIP>`
 * (every server), plus the static zoo.cfg each pod reads its dynamic file from.
 */
export function zookeeperConfig(
  pods: ServicePod[],
  ports: Ports<typeof ZOOKEEPER_PORTS>,
): Record<string, string> {
  const servers = pods
    .map(
      (pod) =>
        `server.${pod.ordinal + 1}=${pod.ip}:${ports.serverPort}:${ports.electionPort}:participant;${pod.ip}:${ports.clientPort}`,
    )
    .join('\n');
  const data: Record<string, string> = {
    'zoo.cfg': [
      'dataDir=/data',
      'tickTime=2000',
      'initLimit=10',
      'syncLimit=5',
      'standaloneEnabled=false',
      'reconfigEnabled=true',
      'skipACL=yes',
      `admin.serverPort=${ports.adminPort}`,
      // ZooKeeper answers only the four-letter words allowed: its default (srvr) and the probe's ruok.
      '4lw.commands.whitelist=srvr, ruok',
      `dynamicConfigFile=${ZOOKEEPER_CONFIG_DIR}/zoo.cfg.dynamic`,
      '',
    ].join('\n'),
    'log4j.properties': 'zookeeper.root.logger=INFO, CONSOLE\nlog4j.rootLogger=${zookeeper.root.logger}\n',
  };
  for (const pod of pods) {
    data[`myid.${pod.ip}`] = `${pod.ordinal + 1}`;
    data[`zoo.cfg.dynamic.${pod.ip}`] = `${servers}\n`;
  }
  return data;
}

/**
 * `rabbitmq-<podIP>.conf` (the plain listener and upstream's TLS one with the pod's certificate, which
 * asks the clients for theirs; with more than one pod, every pod as a classic_config peer),
 * `<ordinal>` = IP for each pod (the full ordinal, not the name's last character) and
 * `rabbitmq.nodes`. The Erlang cookie and the password live in the Secret, never here.
 */
export function rabbitmqConfig(
  pods: ServicePod[],
  ports: Ports<typeof RABBITMQ_PORTS>,
): Record<string, string> {
  const peers = pods.map(
    (pod, index) => `cluster_formation.classic_config.nodes.${index + 1} = rabbit@${pod.ip}`,
  );
  const data: Record<string, string> = {
    'rabbitmq.nodes': pods.map((pod) => pod.ip).join('\n') + (pods.length > 0 ? '\n' : ''),
    'plugins.conf': '[rabbitmq_management,rabbitmq_management_agent].\n',
    RABBITMQ_USE_LONGNAME: 'true',
    RABBITMQ_CONFIG_FILE_DIR: '/etc/rabbitmq',
  };
  for (const pod of pods) {
    const tls = podTls(pod.ip);
    data[`${pod.ordinal}`] = pod.ip;
    data[`rabbitmq-${pod.ip}.conf`] = [
      // The listener's name is one segment of the key: an IP's dots would make RabbitMQ refuse the file.
      `listeners.tcp.default = ${pod.ip}:${ports.port}`,
      `listeners.ssl.default = ${pod.ip}:${ports.sslPort}`,
      `ssl_options.cacertfile = ${tls.ca}`,
      `ssl_options.certfile = ${tls.certificate}`,
      `ssl_options.keyfile = ${tls.key}`,
      'ssl_options.verify = verify_peer',
      'ssl_options.fail_if_no_peer_cert = true',
      'loopback_users = none',
      'management.tcp.port = 15671',
      ...(pods.length > 1
        ? ['cluster_formation.peer_discovery_backend = rabbit_peer_discovery_classic_config', ...peers]
        : []),
      '',
    ].join('\n');
  }
  return data;
}
