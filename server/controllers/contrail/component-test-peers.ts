import type { V1Pod } from '@kubernetes/client-node';
import type { ClusterMembers, Peers } from './component-peers';
import { NO_MEMBERS } from './component-peers';
import type { ComponentObserved } from './plan-component';

/** Fixtures of the component planners' unit tests: active peers of one cluster, pods, observations. */
export const TEST_CLUSTER = 'cluster1';
const meta = (name: string) => ({ name, namespace: 'ns', labels: { contrail_cluster: TEST_CLUSTER } });

const active = <K extends string>(
  kind: K,
  name: string,
  nodes: Record<string, string>,
  ports: Record<string, string>,
  extra: { secret?: string } = {},
) => ({
  apiVersion: 'contrail.juniper.net/v1alpha1' as const,
  kind,
  metadata: meta(name),
  spec: { serviceConfiguration: {} },
  status: { active: true, nodes, ports, ...extra },
});

export const testPeers = {
  cassandra: active(
    'Cassandra',
    'cassandra1',
    { c0: '10.0.0.2', c1: '10.0.0.1' },
    { port: '9160', cqlPort: '9042', jmxPort: '7200' },
  ),
  zookeeper: active('Zookeeper', 'zookeeper1', { z0: '10.0.1.1' }, { clientPort: '2181' }),
  rabbitmq: active(
    'Rabbitmq',
    'rabbitmq1',
    { r0: '10.0.2.1' },
    { port: '5673' },
    { secret: 'rabbitmq1-secret' },
  ),
  config: active(
    'Config',
    'config1',
    { 'config1-config-statefulset-0': '10.0.3.1' },
    { apiPort: '8082', analyticsPort: '8081', collectorPort: '8086' },
  ),
} satisfies Peers;

export const testControl = active(
  'Control',
  'control1',
  { 'control1-control-statefulset-0': '10.0.4.1' },
  { asnNumber: '64512', dnsIntrospectPort: '8092' },
);

/** The cluster as the provisioner and web UI read it: Cassandra, Config, one Control, one vRouter group. */
export const testMembers: ClusterMembers = {
  ...NO_MEMBERS,
  cassandras: [testPeers.cassandra],
  configs: [testPeers.config],
  controls: [testControl],
  vrouters: [active('Vrouter', 'vr1', { 'vrouter-vr1-abcde': '10.10.0.7' }, {})],
  hostnames: {
    c0: 'node-b',
    c1: 'node-a',
    'config1-config-statefulset-0': 'node-a',
    'control1-control-statefulset-0': 'node-a',
    'vrouter-vr1-abcde': 'node-c',
  },
  dataIps: { 'control1-control-statefulset-0': '192.168.0.1' },
};

export function testPod(owner: string, ordinal: number, ready: boolean): V1Pod {
  return {
    metadata: { name: `${owner}-statefulset-${ordinal}` },
    status: {
      podIP: `10.1.0.${ordinal + 1}`,
      conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }],
    },
  };
}

/** A certificate Secret as the certificate step gives it, due for renewal in an hour. */
export const testCertificates = {
  data: { 'ca-bundle.crt': 'Q0E=' },
  renewAt: new Date('2026-12-01T11:00:00Z'),
  issued: 0,
};

/** An observation of `object` with every peer active, its pods ready unless told, and the cluster's members. */
export function observe(
  object: ComponentObserved['object'],
  pods: V1Pod[],
  change: Partial<ComponentObserved> = {},
): ComponentObserved {
  return {
    object,
    pods,
    service: { spec: { clusterIP: '10.96.0.9' } },
    configMap: undefined,
    peers: testPeers,
    members: testMembers,
    certificates: testCertificates,
    ...change,
  };
}

export const componentMeta = (name: string, uid: string) => ({ ...meta(name), uid, generation: 1 });
