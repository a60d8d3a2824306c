import { readFileSync } from 'node:fs';
import type { KubernetesObject, V1Node, V1Pod, V1Secret } from '@kubernetes/client-node';
import { parse } from 'yaml';
import {
  configKind,
  type Component,
  type ComponentKind,
} from '../../server/controllers/contrail/component-kinds';
import {
  CA_CERTIFICATE_KEY,
  certificateKey,
  privateKeyKey,
} from '../../server/controllers/contrail/component-certificates';
import type { ClusterMembers, Peers } from '../../server/controllers/contrail/component-peers';
import { CLUSTER_LABEL } from '../../server/controllers/contrail/contrail-names';
import { controlKind } from '../../server/controllers/contrail/control-kind';
import { kubemanagerKind } from '../../server/controllers/contrail/kubemanager-kind';
import { provisionManagerKind } from '../../server/controllers/contrail/provision-manager-kind';
import { webuiKind } from '../../server/controllers/contrail/webui-kind';
import { dataServiceKinds } from '../../server/controllers/contrail/data-service-kinds';
import { planComponent } from '../../server/controllers/contrail/plan-component';
import { planDataService } from '../../server/controllers/contrail/plan-data-service';
import { planManager } from '../../server/controllers/contrail/plan-manager';
import { planVrouter } from '../../server/controllers/contrail/plan-vrouter';
import type { Manager } from '../../server/types/crds/manager';
import type { Vrouter } from '../../server/types/crds/vrouter';
import { REALISTIC_COMPONENTS, REALISTIC_VROUTER, STORED_DATA, type Child } from './contrail-sample-children';
import { upstreamFixture } from './upstream-shapes';

/** What one planner rendered for one input: the objects it applies and the Secret it creates once. */
export interface SamplePlan {
  /** Which input, for test names: `<kind> <name> (<where it came from>)`. */
  input: string;
  objects: KubernetesObject[];
  createSecret?: V1Secret;
  /** Objects others create that the pods use: the RabbitMQ Secret, a Keystone admin Secret. */
  existing?: V1Secret[];
}

const NOW = new Date('2026-12-01T00:00:00Z');
const POD_IPS = ['10.244.1.21', '10.244.2.22', '10.244.3.23'];

/** The children a Manager creates once every dependency is active, as the API server would keep them. */
function childrenOf(manager: Manager): Child[] {
  const object = {
    ...manager,
    metadata: Object.assign({}, manager.metadata, {
      namespace: manager.metadata.namespace ?? 'contrail',
      uid: 'uid-m',
    }),
  };
  const nodes: V1Node[] = POD_IPS.map((_, i) => ({ metadata: { name: `node-${i}` } }));
  const plan = planManager({ manager: object, nodes, child: () => ({ active: true }) }, NOW);
  return (plan.objects as unknown as Child[]).map((child) => ({
    ...child,
    metadata: { ...child.metadata, uid: `uid-${child.metadata.name}` },
  }));
}

function pods(prefix: string, count: number): V1Pod[] {
  return POD_IPS.slice(0, count).map((ip, ordinal) => ({
    metadata: { name: `${prefix}-${ordinal}` },
    status: { podIP: ip, conditions: [{ type: 'Ready', status: 'True' }] },
  }));
}

/** Every peer a component waits for, active on addresses of their own, with upstream's ports. */
function activePeers(): Peers {
  const active = <K extends string>(kind: K, ips: string[], secret?: string) => ({
    apiVersion: 'contrail.juniper.net/v1alpha1' as const,
    kind,
    metadata: { name: `${kind.toLowerCase()}1` },
    spec: { serviceConfiguration: {} },
    status: {
      active: true,
      nodes: Object.fromEntries(ips.map((ip, i) => [`${kind.toLowerCase()}-${i}`, ip])),
      ...(secret ? { secret } : {}),
    },
  });
  return {
    cassandra: active('Cassandra', ['10.244.4.31', '10.244.5.32', '10.244.6.33']),
    zookeeper: active('Zookeeper', ['10.244.4.41', '10.244.5.42', '10.244.6.43']),
    rabbitmq: active('Rabbitmq', ['10.244.4.51'], 'rabbitmq1-secret'),
    config: active('Config', POD_IPS),
    control: active('Control', ['10.244.7.61']),
  };
}

/** The cluster's other members as the provisioner and the web UI read them: a Control and a vRouter group. */
function clusterMembers(peers: Peers): ClusterMembers {
  const control = {
    apiVersion: 'contrail.juniper.net/v1alpha1' as const,
    kind: 'Control' as const,
    metadata: { name: 'control1' },
    spec: { serviceConfiguration: {} },
    status: {
      active: true,
      nodes: { 'control1-control-statefulset-0': '10.244.7.61' },
      ports: { asnNumber: '64512', dnsIntrospectPort: '8092' },
    },
  };
  const vrouter = {
    apiVersion: 'contrail.juniper.net/v1alpha1' as const,
    kind: 'Vrouter' as const,
    metadata: { name: 'vrouternodes' },
    spec: { serviceConfiguration: {} },
    status: { active: true, nodes: { 'vrouter-vrouternodes-x1': '10.10.0.71' } },
  };
  const members = {
    cassandras: peers.cassandra ? [peers.cassandra] : [],
    configs: peers.config ? [peers.config] : [],
    controls: [control],
    vrouters: [vrouter],
  };
  const podNames = [
    ...members.cassandras,
    ...members.configs,
    ...members.controls,
    ...members.vrouters,
  ].flatMap((member) => Object.keys(member.status?.nodes ?? {}));
  return {
    ...members,
    hostnames: Object.fromEntries(podNames.map((pod, i) => [pod, `node-${i}`])),
    dataIps: { 'control1-control-statefulset-0': '192.168.10.61' },
  };
}

const COMPONENT_KINDS: Record<string, ComponentKind> = {
  Config: configKind,
  Control: controlKind,
  Kubemanager: kubemanagerKind,
  Webui: webuiKind,
  ProvisionManager: provisionManagerKind,
};

/** A Secret as another controller (RabbitMQ's) or the user (Keystone's admin) would have made it. */
const secret = (name: string, keys: string[]): V1Secret => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name },
  stringData: Object.fromEntries(keys.map((key) => [key, `${key}-value`])),
});

/** The certificate Secret's keys as the certificate step fills them for these pods (values stand-ins). */
function sampleCertificates(componentPods: V1Pod[]): Record<string, string> {
  const data: Record<string, string> = { [CA_CERTIFICATE_KEY]: 'Q0E=' };
  for (const ip of componentPods.map((pod) => pod.status?.podIP ?? '')) {
    data[certificateKey(ip)] = 'Y2VydA==';
    data[privateKeyKey(ip)] = 'a2V5';
  }
  return data;
}

/** A component child planned once its peers are active, in the cluster its peers share. */
function planChildComponent(child: Child, from: string): SamplePlan | undefined {
  const input = `${child.kind} ${child.metadata.name} (${from})`;
  const object = {
    ...child,
    apiVersion: 'contrail.juniper.net/v1alpha1',
    metadata: { ...child.metadata, labels: { [CLUSTER_LABEL]: 'cluster1' } },
  } as unknown as Component;
  const kind = COMPONENT_KINDS[child.kind];
  if (!kind) return undefined;
  const replicas = object.spec.commonConfiguration?.replicas ?? 1;
  const peers = activePeers();
  const componentPods = pods(`${kind.type}-${child.metadata.name}-statefulset`, replicas);
  const observed = {
    object,
    pods: componentPods,
    service: undefined,
    configMap: undefined,
    peers,
    members: clusterMembers(peers),
    certificates: { data: sampleCertificates(componentPods), issued: 0 },
  };
  const plan = planComponent(kind, observed, NOW);
  const keystone = (child.spec.serviceConfiguration as { keystoneSecretName?: string } | undefined)
    ?.keystoneSecretName;
  return {
    input,
    objects: plan.objects ?? [],
    existing: [
      secret('rabbitmq1-secret', ['user', 'password', 'vhost', 'RABBITMQ_ERLANG_COOKIE']),
      ...(keystone ? [secret(keystone, ['password'])] : []),
    ],
  };
}

function planChild(child: Child, from: string): SamplePlan | undefined {
  const input = `${child.kind} ${child.metadata.name} (${from})`;
  if (child.kind === 'Vrouter') {
    // In the cluster its Control and Config share, both active: the samples' groups name control1.
    const vrouter = {
      ...child,
      metadata: { ...child.metadata, labels: { [CLUSTER_LABEL]: 'cluster1' } },
    } as unknown as Vrouter;
    const { control, config } = activePeers();
    const agentPods = pods(`vrouter-${child.metadata.name}`, 2);
    const plan = planVrouter(
      {
        vrouter,
        nodes: [{ metadata: { name: 'node-0' } }, { metadata: { name: 'node-1' } }],
        otherGroups: () => [],
        daemonSet: undefined,
        pods: agentPods,
        groups: [],
        rbac: [],
        peers: { control, config },
        // As the controller observes: the agents hold certificates only in a group naming a Control.
        certificates: vrouter.spec.serviceConfiguration.controlInstance
          ? { data: sampleCertificates(agentPods), issued: 0 }
          : undefined,
      },
      NOW,
    );
    return { input, objects: plan.objects ?? [] };
  }
  const kind = dataServiceKinds.find((k) => k.resource.kind === child.kind);
  if (!kind) return undefined;
  const object = child as never;
  const common = child.spec.commonConfiguration as { replicas?: number } | undefined;
  const servicePods = pods(`${kind.type}-${child.metadata.name}-statefulset`, common?.replicas ?? 1);
  const plan = planDataService(
    kind,
    {
      object,
      pods: servicePods,
      statefulSet: undefined,
      service: undefined,
      secret: undefined,
      certificates: kind.tls ? { data: sampleCertificates(servicePods), issued: 0 } : undefined,
    },
    NOW,
  );
  return { input, objects: plan.objects, createSecret: plan.createSecret };
}

/** Each Contrail kind's own upstream sample with three replicas (one for a kind whose sample says so). */
function ownSamples(): SamplePlan[] {
  const files = ['cr-cassandra.yaml', 'cr-zookeeper.yaml', 'cr-rabbitmq.yaml', 'cr-vrouter.yaml'];
  return files.flatMap((file) =>
    upstreamFixture(`contrail-operator/${file}`).objects.flatMap((sample) => {
      const child: Child = {
        kind: sample.kind,
        metadata: { name: sample.metadata.name, namespace: 'contrail', uid: `uid-${sample.metadata.name}` },
        spec: {
          commonConfiguration: { replicas: 3 },
          serviceConfiguration: {},
          ...(sample.spec as Record<string, unknown> | undefined),
        },
      };
      return planChild(child, file) ?? [];
    }),
  );
}

/** Upstream's Manager sample and the design's vRouter groups sample. */
function sampleManagers(): [Manager, string][] {
  return [
    [
      upstreamFixture('contrail-operator/cr-manager.yaml').objects[0] as unknown as Manager,
      'cr-manager.yaml',
    ],
    [
      parse(
        readFileSync(
          new URL('../../crds/samples/valid/contrail-manager-vrouter-groups.yaml', import.meta.url),
          'utf8',
        ),
      ) as Manager,
      'the design vRouter groups sample',
    ],
  ];
}

/**
 * Every pod-bearing object the Contrail planners render for upstream's samples (each kind's own, the
 * Manager's, the design's vRouter groups), a realistic DPDK group and the realistic components, with
 * pods that have IPs.
 */
export function contrailSamplePlans(): SamplePlan[] {
  return [
    ...ownSamples(),
    ...sampleManagers().flatMap(([manager, from]) =>
      childrenOf(manager).flatMap((c) => planChild(c, from) ?? []),
    ),
    ...[planChild(REALISTIC_VROUTER, 'a realistic DPDK group') ?? []].flat(),
    ...STORED_DATA.flatMap((child) => planChild(child, 'data on a volume') ?? []),
    ...contrailComponentPlans(),
  ];
}

/** The components as the Manager samples create them and the realistic ones, with active peers. */
export function contrailComponentPlans(): SamplePlan[] {
  return [
    ...sampleManagers().flatMap(([manager, from]) =>
      childrenOf(manager).flatMap((child) => planChildComponent(child, from) ?? []),
    ),
    ...REALISTIC_COMPONENTS.flatMap((child) => planChildComponent(child, 'a realistic input') ?? []),
  ];
}
