import type { V1Deployment, V1Secret, V1Service } from '@kubernetes/client-node';
import type {
  SIPCluster,
  SIPClusterLoadBalancerControlPlaneService,
  SIPClusterLoadBalancerWorkerService,
} from '../../types/crds/sip-cluster';
import {
  KUBE_API_PORT,
  renderControlPlaneHaproxyConfig,
  renderWorkerHaproxyConfig,
  type HaproxyServer,
} from './haproxy-config';
import { base64Data, contentHash } from '../common/content-hash';
import { appLabels, ownedMetadata, type ServiceIdentity } from './owned-object-meta';
import type { RenderedService } from './rendered-service';
import {
  CONFIG_HASH_ANNOTATION,
  DEFAULT_HAPROXY_IMAGE,
  LOAD_BALANCER_APP,
  LOAD_BALANCER_COMPONENT,
  loadBalancerInstance,
  SPEC_HASH_ANNOTATION,
} from './sip-names';

/** Where the haproxy image reads its configuration. */
const HAPROXY_CONFIG_DIR = '/usr/local/etc/haproxy';
const HAPROXY_CONFIG_KEY = 'haproxy.cfg';

interface ExposedPort {
  name: string;
  port: number;
  nodePort: number;
}

/**
 * The control-plane load balancer `loadbalancer-controlplane-<crName>`: Secret with haproxy.cfg,
 * NodePort Service `http` 6443 → spec nodePort, and a one-replica haproxy Deployment.
 */
export function renderControlPlaneLoadBalancer(
  cluster: SIPCluster,
  index: number,
  entry: SIPClusterLoadBalancerControlPlaneService,
  servers: readonly HaproxyServer[],
): RenderedService {
  const identity = loadBalancerIdentity(cluster, 'ControlPlane', index);
  const ports = [{ name: 'http', port: KUBE_API_PORT, nodePort: entry.nodePort }];
  return renderLoadBalancer(cluster, identity, entry.image, renderControlPlaneHaproxyConfig(servers), ports);
}

/**
 * The worker load balancer `loadbalancer-worker-<crName>`: one `port-<n>` per port of nodePortRange,
 * exposed with port = nodePort = n (the tenant's own NodePorts sit behind the same numbers).
 */
export function renderWorkerLoadBalancer(
  cluster: SIPCluster,
  index: number,
  entry: SIPClusterLoadBalancerWorkerService,
  servers: readonly HaproxyServer[],
): RenderedService {
  const identity = loadBalancerIdentity(cluster, 'Worker', index);
  const numbers = portRange(entry.nodePortRange.start, entry.nodePortRange.end);
  const ports = numbers.map((port) => ({ name: `port-${port}`, port, nodePort: port }));
  return renderLoadBalancer(
    cluster,
    identity,
    entry.image,
    renderWorkerHaproxyConfig(numbers, servers),
    ports,
  );
}

function loadBalancerIdentity(cluster: SIPCluster, role: 'ControlPlane' | 'Worker', index: number) {
  return {
    instance: loadBalancerInstance(role, cluster.metadata.name ?? '', index),
    component: LOAD_BALANCER_COMPONENT,
    app: LOAD_BALANCER_APP,
  };
}

function portRange(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start + 1) }, (_, offset) => start + offset);
}

function renderLoadBalancer(
  cluster: SIPCluster,
  identity: ServiceIdentity,
  image: string | undefined,
  config: string,
  ports: readonly ExposedPort[],
): RenderedService {
  const labels = appLabels(identity);
  const secretData = base64Data({ [HAPROXY_CONFIG_KEY]: config });
  const secret: V1Secret = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: ownedMetadata(cluster, identity),
    type: 'Opaque',
    data: secretData,
  };
  const service: V1Service = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: ownedMetadata(cluster, identity),
    spec: {
      type: 'NodePort',
      selector: labels,
      ports: ports.map(({ name, port, nodePort }) => ({
        name,
        protocol: 'TCP',
        port,
        targetPort: port,
        nodePort,
      })),
    },
  };
  const deploymentSpec: V1Deployment['spec'] = {
    replicas: 1,
    selector: { matchLabels: labels },
    template: {
      // No nodeSelector or toleration: upstream pinned these pods to node-role.kubernetes.io/master,
      // a label current clusters no longer set, so they never scheduled there.
      metadata: { labels, annotations: { [CONFIG_HASH_ANNOTATION]: contentHash(secretData) } },
      spec: {
        containers: [
          {
            name: 'haproxy',
            image: image || DEFAULT_HAPROXY_IMAGE,
            ports: ports.map(({ name, port }) => ({ name, containerPort: port, protocol: 'TCP' })),
            // The first frontend accepting connections means haproxy parsed the config and bound.
            readinessProbe: { tcpSocket: { port: ports[0]?.port ?? KUBE_API_PORT }, periodSeconds: 10 },
            volumeMounts: [{ name: 'haproxy-config', mountPath: HAPROXY_CONFIG_DIR, readOnly: true }],
          },
        ],
        volumes: [{ name: 'haproxy-config', secret: { secretName: identity.instance } }],
      },
    },
  };
  const deployment: V1Deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: ownedMetadata(cluster, identity, { [SPEC_HASH_ANNOTATION]: contentHash(deploymentSpec) }),
    spec: deploymentSpec,
  };
  return { instance: identity.instance, objects: [secret, service, deployment], deployment };
}
