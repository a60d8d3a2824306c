import { randomBytes } from 'node:crypto';
import type { KubernetesObject, V1Probe } from '@kubernetes/client-node';
import type { ResourceDescriptor } from '../../kube/resource';
import { cassandraResource, type Cassandra } from '../../types/crds/cassandra';
import { rabbitmqResource, type Rabbitmq } from '../../types/crds/rabbitmq';
import { zookeeperResource, type Zookeeper } from '../../types/crds/zookeeper';
import { secretName, type DataServiceType } from './contrail-names';
import {
  CASSANDRA_KEYSTORE,
  CASSANDRA_KEYSTORE_DIR,
  CASSANDRA_PORTS,
  CASSANDRA_RUN_CONFIG,
  CASSANDRA_TRUSTSTORE,
  cassandraConfig,
  KEYSTORE_PASSWORD_MARK,
  MEMBERS_KEY,
  TRUSTSTORE_PASSWORD_MARK,
  quorum,
  RABBITMQ_PORTS,
  rabbitmqConfig,
  ZOOKEEPER_CONFIG_DIR,
  ZOOKEEPER_PORTS,
  zookeeperConfig,
} from './data-service-config';
import type { StorageSpec } from './data-service-storage';
import { CA_FILE, podTls } from './pod-tls';
import type { ServicePod } from './service-pods';

export type DataService = Cassandra | Zookeeper | Rabbitmq;

/** What differs between Cassandra, ZooKeeper and RabbitMQ; the controller and planner are shared. */
export interface DataServiceKind<T extends DataService = DataService> {
  type: DataServiceType;
  resource: ResourceDescriptor<T>;
  /** The main container's name (its image and command can be overridden in serviceConfiguration.containers). */
  container: string;
  image: string;
  /** Where the ConfigMap is mounted; the pod waits there for the file named after its own IP. */
  mountPath: string;
  /** The per-pod file the pod waits for, with `${POD_IP}` left for the shell. */
  podFile: string;
  /** An emptyDir for the main container, for a program that writes next to its configuration. */
  scratchPath?: string;
  /**
   * OrderedReady: one pod at a time, each after the ones before it are ready, so a scale change
   * keeps the quorum and a node joins a cluster that is up (upstream's choice for Cassandra and
   * ZooKeeper). Parallel where a pod is ready only once all are (RabbitMQ's probe).
   */
  podManagementPolicy: 'OrderedReady' | 'Parallel';
  /**
   * A pod whose ordinal is at or above the ConfigMap's MEMBERS_KEY leaves its cluster by itself and
   * then fails its readiness; one below it stays or comes back. On a scale-down the planner lowers
   * that size one pod at a time and the StatefulSet only once the leaving pod is not ready, so each
   * leaves while the others all run (a pod's own stop cannot tell a scale-down from a restart).
   */
  leavesBeforeScaleDown: boolean;
  /**
   * Serves TLS with its pods' certificates (upstream issues them to Cassandra and RabbitMQ, not to
   * ZooKeeper): the certificate Secret is kept and mounted, and a pod starts once its own is there.
   */
  tls: boolean;
  /**
   * Upstream's second init container (`init2`), run on the main image once the pod's files are there,
   * with the Secret in its environment: what the main container needs made from them first.
   */
  prepare?: string;
  /** Where the main container keeps its data, for a kind whose spec can put it on a volume. */
  data?: { path: string; defaultSize: string; storage(object: T): StorageSpec | undefined };
  /** The main container's command; `ports` are the kind's. */
  command(ports: Record<string, number>): string[];
  ports(object: T): Record<string, number>;
  config(object: T, pods: ServicePod[], replicas: number): Record<string, string>;
  /** Generated once into `<name>-secret`; undefined when the kind keeps no secret. */
  secret?(object: T): Record<string, string>;
  /** Upstream's meaning of active: Cassandra needs a quorum ready, the others every pod. */
  active(replicas: number, ready: number): boolean;
  statusPorts(ports: Record<string, number>): Record<string, string>;
  /** The main container's readiness, as the seed describes it for the kind; `ports` are the kind's. */
  readinessProbe(ports: Record<string, number>): V1Probe;
  /** What the main container runs (by bash) before it is stopped, for the kinds the seed drains. */
  preStop?(ports: Record<string, number>): string;
  extraStatus?(object: T, service: KubernetesObject | undefined): Record<string, string>;
}

function withDefaults<P extends Record<string, number>>(defaults: P, given: Record<string, unknown>): P {
  const ports = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof P)[]) {
    const value = given[key as string];
    if (typeof value === 'number') ports[key] = value as P[keyof P];
  }
  return ports;
}

/** 24 characters of base62-ish randomness; generated once and kept in the Secret. */
export function generateToken(): string {
  return randomBytes(18).toString('base64url');
}

const allReady = (replicas: number, ready: number) => replicas > 0 && ready >= replicas;

/** A probe running `script` by bash in the main container (POD_IP in its environment). */
const bashProbe = (script: string, timeoutSeconds: number): V1Probe => ({
  exec: { command: ['bash', '-c', script] },
  periodSeconds: 10,
  timeoutSeconds,
  failureThreshold: 3,
});

/**
 * Cassandra's key stores from the pod's certificate (its own key store, the CA in a trust store, both
 * made anew at every start so a renewed certificate is taken), and its cassandra.yaml with the Secret's
 * passwords in place of their marks: keytool and openssl of the Cassandra image, as upstream's init2.
 */
const CASSANDRA_PREPARE = (() => {
  const tls = podTls('${POD_IP}');
  const p12 = `${CASSANDRA_KEYSTORE_DIR}/server.p12`;
  return [
    'set -e',
    `rm -f ${CASSANDRA_KEYSTORE} ${CASSANDRA_TRUSTSTORE} ${p12}`,
    `keytool -importcert -noprompt -alias CARoot -file ${CA_FILE} -keystore ${CASSANDRA_TRUSTSTORE} -storetype JKS -storepass "$truststorePassword"`,
    `openssl pkcs12 -export -in ${tls.certificate} -inkey ${tls.key} -CAfile ${CA_FILE} -chain -name "$POD_IP" -passout env:keystorePassword -out ${p12}`,
    `keytool -importkeystore -noprompt -srckeystore ${p12} -srcstoretype PKCS12 -srcstorepass "$keystorePassword" -destkeystore ${CASSANDRA_KEYSTORE} -deststoretype JKS -deststorepass "$keystorePassword" -destkeypass "$keystorePassword" -alias "$POD_IP"`,
    `rm -f ${p12}`,
    `sed -e "s/${KEYSTORE_PASSWORD_MARK}/$keystorePassword/" -e "s/${TRUSTSTORE_PASSWORD_MARK}/$truststorePassword/" /mydata/\${POD_IP}.yaml > ${CASSANDRA_RUN_CONFIG}`,
  ].join('\n');
})();

/** Made by the Cassandra command when it begins to leave the ring, and once it has left. */
const CASSANDRA_LEAVING_MARK = `${CASSANDRA_KEYSTORE_DIR}/leaving`;
const CASSANDRA_LEFT_MARK = `${CASSANDRA_KEYSTORE_DIR}/decommissioned`;

/**
 * Starts Cassandra and keeps its node in the ring as the live `members` size says (the pod's ordinal
 * from its name: with hostNetwork the hostname is the node's). Once the size drops to its ordinal it
 * runs `nodetool decommission`, which streams its ranges to the nodes that stay and returns when it
 * has left; it stays ready while it streams and turns not ready only after, so the planner lowers the
 * StatefulSet only once no range has lost a replica. A node that has left waits, not started, until it
 * is deleted or the size takes it back; then it starts with `cassandra.override_decommission` (without
 * it Cassandra refuses to rejoin a node it decommissioned) and bootstraps again. A decommission that
 * Cassandra refuses (fewer nodes than a keyspace's replication factor) is retried and holds the
 * scale-down: the node stays a member and ready rather than its data being dropped.
 */
const cassandraStart = (jmxPort: number | undefined) =>
  [
    '. /mydata/jvm.env',
    'ordinal=${POD_NAME##*-}',
    `above() { members=$(cat /mydata/${MEMBERS_KEY} 2>/dev/null); [ "$ordinal" -ge "\${members:-$((ordinal + 1))}" ]; }`,
    `rm -f ${CASSANDRA_LEAVING_MARK}`,
    `above || rm -f ${CASSANDRA_LEFT_MARK}`,
    "trap 'exit 0' TERM INT",
    `while [ -e ${CASSANDRA_LEFT_MARK} ]; do sleep 10; above || rm -f ${CASSANDRA_LEFT_MARK}; done`,
    `/docker-entrypoint.sh -Dcassandra.config=file://${CASSANDRA_RUN_CONFIG} -Dcassandra.override_decommission=true & server=$!`,
    '(',
    '  while sleep 10 && kill -0 $server 2>/dev/null; do',
    '    if above; then',
    `      [ -e ${CASSANDRA_LEFT_MARK} ] || { touch ${CASSANDRA_LEAVING_MARK}; nodetool -p ${jmxPort} decommission && touch ${CASSANDRA_LEFT_MARK}; }`,
    `    elif [ -e ${CASSANDRA_LEFT_MARK} ]; then kill -TERM $server`,
    '    fi',
    '  done',
    ') & membership=$!',
    "trap 'kill -TERM $server $membership; wait $server' TERM INT",
    'wait $server',
  ].join('\n');

export const cassandraKind: DataServiceKind<Cassandra> = {
  type: 'cassandra',
  resource: cassandraResource,
  container: 'cassandra',
  image: 'cassandra:3.11.4',
  mountPath: '/mydata',
  podFile: '${POD_IP}.yaml',
  scratchPath: CASSANDRA_KEYSTORE_DIR,
  podManagementPolicy: 'OrderedReady',
  leavesBeforeScaleDown: true,
  tls: true,
  prepare: CASSANDRA_PREPARE,
  // The image's data folder (its $CASSANDRA_HOME/data links there); upstream's default size.
  data: {
    path: '/var/lib/cassandra',
    defaultSize: '5Gi',
    storage: (c) => c.spec.serviceConfiguration.storage,
  },
  command: (p) => ['bash', '-c', cassandraStart(p.jmxLocalPort)],
  ports: (c) => withDefaults(CASSANDRA_PORTS, c.spec.serviceConfiguration),
  config: (c, pods, replicas) =>
    cassandraConfig(pods, replicas, {
      // Upstream ignores the user's clusterName (a bug); here it is honoured.
      clusterName: c.spec.serviceConfiguration.clusterName ?? 'ContrailConfigDB',
      ports: withDefaults(CASSANDRA_PORTS, c.spec.serviceConfiguration),
      maxHeapSize: c.spec.serviceConfiguration.maxHeapSize ?? '512M',
      minHeapSize: c.spec.serviceConfiguration.minHeapSize ?? '100M',
      startRPC: c.spec.serviceConfiguration.startRPC ?? true,
    }),
  secret: () => ({ keystorePassword: generateToken(), truststorePassword: generateToken() }),
  active: (replicas, ready) => replicas > 0 && ready >= quorum(replicas),
  statusPorts: (p) => ({ port: `${p.port}`, cqlPort: `${p.cqlPort}`, jmxPort: `${p.jmxLocalPort}` }),
  // Ready once the ring sees this node Up and Normal (UN): not while it joins or moves; while it
  // leaves on a scale-down (UL) it still serves and streams, and it is not ready once it has left.
  readinessProbe: (p) =>
    bashProbe(
      `[ ! -e ${CASSANDRA_LEFT_MARK} ] && nodetool -p ${p.jmxLocalPort} status | awk -v ip="$POD_IP" -v leaving="$([ -e ${CASSANDRA_LEAVING_MARK} ] && echo UL)" '($1 == "UN" || $1 == leaving) && $2 == ip { up = 1 } END { exit !up }'`,
      15,
    ),
  // Flushes the memtables and stops taking writes, so a restart replays no commit log (a node that
  // has left the ring has nothing to flush).
  preStop: (p) => `[ -e ${CASSANDRA_LEFT_MARK} ] || nodetool -p ${p.jmxLocalPort} drain`,
  extraStatus: (_c, service): Record<string, string> => {
    const clusterIP = (service as { spec?: { clusterIP?: string } } | undefined)?.spec?.clusterIP;
    return clusterIP ? { clusterIP } : {};
  },
};

/** Made by the ZooKeeper command while its server is a voting member; read by the readiness probe. */
const ZOOKEEPER_MEMBER_MARK = `${ZOOKEEPER_CONFIG_DIR}/voting-member`;

/**
 * Starts ZooKeeper and keeps its server's membership as the live `members` size says. A server
 * joining a running ensemble takes the ensemble's membership, not its own dynamic file's, so it would
 * stay a non-voting learner (and a Rackpilot ensemble, whose pods start one by one, would keep one
 * voter): while its id (ordinal + 1) is within the size, it adds itself with `reconfig -add` of its
 * own line through any server its dynamic file names (upstream does the same by exec from the
 * operator), until the ensemble's configuration holds that line, a moved pod IP included, and marks
 * itself ready. Once the size drops below its id it removes itself with `reconfig -remove` (each
 * leaving server removes only itself: a peer's mount may still show an older size) and drops the
 * mark only when the configuration no longer holds it, so the planner deletes no voter. Checked
 * again whenever the size moves across its id, so a scale-down undone in time brings it back.
 */
const ZOOKEEPER_START = [
  `rm -f ${ZOOKEEPER_MEMBER_MARK}`,
  `cp /mydata/myid.\${POD_IP} /data/myid && cp /mydata/zoo.cfg /mydata/log4j.properties ${ZOOKEEPER_CONFIG_DIR}/ && cp /mydata/zoo.cfg.dynamic.\${POD_IP} ${ZOOKEEPER_CONFIG_DIR}/zoo.cfg.dynamic || exit 1`,
  'id=$(cat /data/myid)',
  `me=$(grep "^server.$id=" ${ZOOKEEPER_CONFIG_DIR}/zoo.cfg.dynamic)`,
  `servers=$(sed -n 's|^server[^;]*;||p' ${ZOOKEEPER_CONFIG_DIR}/zoo.cfg.dynamic | paste -sd,)`,
  `zkServer.sh --config ${ZOOKEEPER_CONFIG_DIR} start-foreground & server=$!`,
  '(',
  '  state=starting',
  '  while kill -0 $server 2>/dev/null; do',
  `    members=$(cat /mydata/${MEMBERS_KEY} 2>/dev/null)`,
  '    if [ "$id" -le "${members:-$id}" ]; then want=voter; else want=gone; fi',
  '    if [ "$want" != "$state" ]; then',
  '      config=$(zkCli.sh -server "$servers" config 2>/dev/null | grep "^server\\.")',
  '      if [ -z "$config" ]; then :',
  `      elif [ $want = voter ] && grep -qxF "$me" <<<"$config"; then touch ${ZOOKEEPER_MEMBER_MARK}; state=voter`,
  '      elif [ $want = voter ]; then zkCli.sh -server "$servers" reconfig -add "$me" >/dev/null 2>&1 && continue',
  '      elif grep -q "^server\\.$id=" <<<"$config"; then zkCli.sh -server "$servers" reconfig -remove "$id" >/dev/null 2>&1 && continue',
  `      else rm -f ${ZOOKEEPER_MEMBER_MARK}; state=gone`,
  '      fi',
  '    fi',
  '    sleep 2',
  '  done',
  ') & membership=$!',
  "trap 'kill -TERM $server $membership; wait $server' TERM INT",
  'wait $server',
].join('\n');

export const zookeeperKind: DataServiceKind<Zookeeper> = {
  type: 'zookeeper',
  resource: zookeeperResource,
  container: 'zookeeper',
  image: 'zookeeper:3.6.1',
  mountPath: '/mydata',
  podFile: 'myid.${POD_IP}',
  // ZooKeeper rewrites zoo.cfg and its dynamic file as the ensemble changes, which the read-only
  // ConfigMap mount forbids: both are copied to the scratch folder and read from there.
  scratchPath: ZOOKEEPER_CONFIG_DIR,
  podManagementPolicy: 'OrderedReady',
  leavesBeforeScaleDown: true,
  // Upstream's ZooKeeper gets no certificate and its clients reach it in plain (docs/decisions.md).
  tls: false,
  // zoo.cfg's dataDir, where the command puts myid; upstream's default size.
  data: { path: '/data', defaultSize: '10Gi', storage: (z) => z.spec.serviceConfiguration.storage },
  command: () => ['bash', '-c', ZOOKEEPER_START],
  ports: (z) => withDefaults(ZOOKEEPER_PORTS, z.spec.serviceConfiguration),
  config: (z, pods) => zookeeperConfig(pods, withDefaults(ZOOKEEPER_PORTS, z.spec.serviceConfiguration)),
  active: allReady,
  statusPorts: (p) => ({ clientPort: `${p.clientPort}` }),
  // A voting member of the ensemble (the start command's mark), answering ZooKeeper's own health
  // word: `ruok` answered `imok` on the client port (zoo.cfg allows it).
  readinessProbe: (p) =>
    bashProbe(
      `[ -e ${ZOOKEEPER_MEMBER_MARK} ] && exec 3<>/dev/tcp/$POD_IP/${p.clientPort} && echo ruok >&3 && [ "$(head -c 4 <&3)" = imok ]`,
      5,
    ),
};

/**
 * Starts RabbitMQ and, once it runs, makes the Secret's user (envFrom: `user`, `password`, `vhost`)
 * with every permission on its vhost; nothing else would (the image's entrypoint, which reads
 * RABBITMQ_DEFAULT_USER, is replaced by this command). Long names: the node is named after its IP,
 * which short names refuse; the ConfigMap's RABBITMQ_USE_LONGNAME key is a file, not the environment.
 */
const RABBITMQ_CONFIG_MOUNT = '/etc/rabbitmq-configmap';
/** rabbitmqctl on this pod's node: probes and hooks have the container's environment, not the command's exports. */
const RABBITMQCTL = 'rabbitmqctl -n "rabbit@$POD_IP" --longnames';
const RABBITMQ_START = [
  'export RABBITMQ_CONFIG_FILE=/etc/rabbitmq-configmap/rabbitmq-${POD_IP}.conf RABBITMQ_NODENAME=rabbit@${POD_IP} RABBITMQ_USE_LONGNAME=true',
  'rabbitmq-server & server=$!',
  "trap 'kill -TERM $server; wait $server' TERM INT",
  'if rabbitmqctl wait --pid $server --timeout 600; then',
  '  rabbitmqctl add_vhost "$vhost" || true',
  '  rabbitmqctl add_user "$user" "$password" || rabbitmqctl change_password "$user" "$password"',
  '  rabbitmqctl set_permissions -p "$vhost" "$user" ".*" ".*" ".*"',
  'fi',
  'wait $server',
].join('\n');

export const rabbitmqKind: DataServiceKind<Rabbitmq> = {
  type: 'rabbitmq',
  resource: rabbitmqResource,
  container: 'rabbitmq',
  image: 'rabbitmq:3.7',
  mountPath: RABBITMQ_CONFIG_MOUNT,
  podFile: 'rabbitmq-${POD_IP}.conf',
  // Each node is ready only once every node runs in its cluster: the pods must start together.
  podManagementPolicy: 'Parallel',
  leavesBeforeScaleDown: false,
  tls: true,
  command: () => ['bash', '-c', RABBITMQ_START],
  ports: (r) => withDefaults(RABBITMQ_PORTS, r.spec.serviceConfiguration),
  config: (r, pods) => rabbitmqConfig(pods, withDefaults(RABBITMQ_PORTS, r.spec.serviceConfiguration)),
  secret: (r) => ({
    user: r.spec.serviceConfiguration.user ?? 'contrail',
    password: r.spec.serviceConfiguration.password ?? generateToken(),
    vhost: r.spec.serviceConfiguration.vhost ?? '/',
    // Upstream's cookie is a constant in its ConfigMap; here it is random and secret.
    RABBITMQ_ERLANG_COOKIE: r.spec.serviceConfiguration.erlangCookie ?? generateToken(),
  }),
  active: allReady,
  statusPorts: (p) => ({ port: `${p.port}`, sslPort: `${p.sslPort}` }),
  // Ready once every node of rabbitmq.nodes runs in this node's cluster: the running members as the
  // node itself reports them (what cluster_status prints, without its version-specific layout).
  readinessProbe: () =>
    bashProbe(
      [
        `running=$(${RABBITMQCTL} -q eval 'rabbit_mnesia:cluster_nodes(running).') || exit 1`,
        `while read -r ip; do [ -z "$ip" ] || case "$running" in *"'rabbit@$ip'"*) ;; *) exit 1 ;; esac; done < ${RABBITMQ_CONFIG_MOUNT}/rabbitmq.nodes`,
      ].join('; '),
      10,
    ),
  // Leaves the cluster cleanly: the others stop waiting for this node, which rejoins empty (its
  // data is on an emptyDir, gone with the pod anyway).
  preStop: () => `${RABBITMQCTL} stop_app && ${RABBITMQCTL} reset`,
  extraStatus: (r) => ({ secret: secretName(r.metadata.name ?? '') }),
};

export const dataServiceKinds = [cassandraKind, zookeeperKind, rabbitmqKind] as DataServiceKind[];
