import type { Kubemanager } from '../../types/crds/kubemanager';
import type { Endpoints } from './component-peers';
import { ini, joinPorts } from './config-files';
import { CASSANDRA_CLIENT_TLS, kombuTls, sandeshTls, vncApiGlobal } from './pod-tls';
import type { ServicePod } from './service-pods';

/** Where a pod keeps its ServiceAccount's token, which kube-manager presents to the Kubernetes API. */
export const SERVICE_ACCOUNT_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';

/** Upstream's defaults for the cluster settings (its v1alpha1 defaults). */
const KUBERNETES_DEFAULTS = {
  cloudOrchestrator: 'kubernetes',
  kubernetesAPIPort: 8080,
  kubernetesClusterName: 'kubernetes',
  podSubnets: '10.32.0.0/12',
  ipFabricSubnets: '10.64.0.0/12',
  serviceSubnets: '10.96.0.0/12',
  ipFabricForwarding: false,
  ipFabricSnat: true,
  hostNetworkService: false,
};

export interface KubemanagerSettings {
  cloudOrchestrator: string;
  /** Unset: the pod's own KUBERNETES_SERVICE_HOST, the API server as every pod reaches it. */
  kubernetesAPIServer?: string;
  kubernetesAPIPort: number;
  /** Unset: the pod's own KUBERNETES_SERVICE_PORT. */
  kubernetesAPISSLPort?: number;
  kubernetesClusterName: string;
  podSubnets: string;
  ipFabricSubnets: string;
  serviceSubnets: string;
  ipFabricForwarding: boolean;
  ipFabricSnat: boolean;
  hostNetworkService: boolean;
  tokenFile: string;
  authMode: string;
}

export function kubemanagerSettings(kubemanager: Kubemanager): KubemanagerSettings {
  const given = kubemanager.spec.serviceConfiguration;
  return {
    cloudOrchestrator: given.cloudOrchestrator || KUBERNETES_DEFAULTS.cloudOrchestrator,
    ...(given.kubernetesAPIServer ? { kubernetesAPIServer: given.kubernetesAPIServer } : {}),
    kubernetesAPIPort: given.kubernetesAPIPort ?? KUBERNETES_DEFAULTS.kubernetesAPIPort,
    ...(given.kubernetesAPISSLPort ? { kubernetesAPISSLPort: given.kubernetesAPISSLPort } : {}),
    kubernetesClusterName: given.kubernetesClusterName || KUBERNETES_DEFAULTS.kubernetesClusterName,
    podSubnets: given.podSubnets || KUBERNETES_DEFAULTS.podSubnets,
    ipFabricSubnets: given.ipFabricSubnets || KUBERNETES_DEFAULTS.ipFabricSubnets,
    serviceSubnets: given.serviceSubnets || KUBERNETES_DEFAULTS.serviceSubnets,
    ipFabricForwarding: given.ipFabricForwarding ?? KUBERNETES_DEFAULTS.ipFabricForwarding,
    ipFabricSnat: given.ipFabricSnat ?? KUBERNETES_DEFAULTS.ipFabricSnat,
    hostNetworkService: given.hostNetworkService ?? KUBERNETES_DEFAULTS.hostNetworkService,
    tokenFile: given.kubernetesTokenFile || SERVICE_ACCOUNT_TOKEN,
    authMode: given.authMode ?? 'noauth',
  };
}

const pythonBool = (value: boolean) => (value ? 'True' : 'False');

/**
 * The per-pod files of upstream's Kubemanager ConfigMap, keyed `<file>.<podIP>`: kube-manager's own
 * (the cluster's settings, Config's API, Cassandra, ZooKeeper and RabbitMQ from their status) and
 * its API client's, with TLS to Config's API, RabbitMQ, Cassandra and sandesh as upstream (the
 * Kubernetes API is reached on its secure port with the token). What must not sit in a ConfigMap (the token, RabbitMQ's credentials) and what
 * only the pod knows (the API server's in-cluster address when the spec gives none) the container
 * writes into a second file at start (kubemanagerRuntimeScript), which kube-manager reads after this one.
 */
export function kubemanagerFiles(
  kubemanager: Kubemanager,
  pods: ServicePod[],
  peers: Pick<Endpoints, 'cassandra' | 'zookeeper' | 'rabbitmq' | 'config'>,
): Record<string, string> {
  const s = kubemanagerSettings(kubemanager);
  const data: Record<string, string> = {};
  for (const ip of pods.map((pod) => pod.ip).sort()) {
    data[`kubemanager.${ip}`] = ini({
      DEFAULTS: {
        host_ip: ip,
        orchestrator: s.cloudOrchestrator,
        log_file: '/var/log/contrail/contrail-kube-manager.log',
        log_level: 'SYS_DEBUG',
        log_local: 1,
        nested_mode: 0,
        http_server_ip: '0.0.0.0',
        collectors: joinPorts(peers.config.ips, peers.config.collectorPort, ' '),
      },
      KUBERNETES: {
        ...(s.kubernetesAPIServer ? { kubernetes_api_server: s.kubernetesAPIServer } : {}),
        kubernetes_api_port: s.kubernetesAPIPort,
        ...(s.kubernetesAPISSLPort ? { kubernetes_api_secure_port: s.kubernetesAPISSLPort } : {}),
        cluster_name: s.kubernetesClusterName,
        cluster_project: '{}',
        cluster_network: '{}',
        pod_subnets: s.podSubnets,
        ip_fabric_subnets: s.ipFabricSubnets,
        service_subnets: s.serviceSubnets,
        ip_fabric_forwarding: pythonBool(s.ipFabricForwarding),
        ip_fabric_snat: pythonBool(s.ipFabricSnat),
        host_network_service: pythonBool(s.hostNetworkService),
      },
      VNC: {
        public_fip_pool: '{}',
        vnc_endpoint_ip: peers.config.ips.join(','),
        vnc_endpoint_port: peers.config.apiPort,
        rabbit_server: peers.rabbitmq.ips.join(','),
        rabbit_port: peers.rabbitmq.sslPort,
        ...kombuTls(ip),
        cassandra_server_list: joinPorts(peers.cassandra.ips, peers.cassandra.port, ' '),
        ...CASSANDRA_CLIENT_TLS,
        zk_server_ip: joinPorts(peers.zookeeper.ips, peers.zookeeper.clientPort, ','),
      },
      SANDESH: sandeshTls(ip, false),
    });
    data[`vnc.${ip}`] = ini({
      global: vncApiGlobal(peers.config.ips.join(','), peers.config.apiPort),
      auth: { AUTHN_TYPE: s.authMode },
    });
  }
  return data;
}

/**
 * The shell lines that write kube-manager's second file to `file` at start: the token from the
 * ServiceAccount's file, RabbitMQ's credentials from the Secret in the environment, and the API
 * server's in-cluster address and port unless the spec named them.
 */
export function kubemanagerRuntimeScript(kubemanager: Kubemanager, file: string): string {
  const s = kubemanagerSettings(kubemanager);
  const lines = [
    '[DEFAULTS]',
    `token=$(cat ${s.tokenFile})`,
    '[KUBERNETES]',
    ...(s.kubernetesAPIServer ? [] : ['kubernetes_api_server=${KUBERNETES_SERVICE_HOST}']),
    ...(s.kubernetesAPISSLPort ? [] : ['kubernetes_api_secure_port=${KUBERNETES_SERVICE_PORT}']),
    '[VNC]',
    'rabbit_user=${user}',
    'rabbit_password=${password}',
    'rabbit_vhost=${vhost}',
  ];
  return `printf '%s\\n' ${lines.map((line) => `"${line}"`).join(' ')} > ${file}`;
}
