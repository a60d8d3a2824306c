import { type V1ConfigMap, type V1DaemonSet } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../tools/testenv/eventually';
import { removeNamespace } from '../../../tools/testenv/remove-namespace';
import { kubeRequestJson } from '../../kube/kube-request';
import {
  clusterRoleBindingResource,
  clusterRoleResource,
  collectionPath,
  configMapResource,
  daemonSetResource,
  secretResource,
  serviceAccountResource,
} from '../../kube/resource';
import { managerResource, vrouterResource, type Manager, type Vrouter } from '../../types/crds';
import { contrailTestCluster, kc, readyOf, TEST_LABEL } from '../../../tools/testenv/contrail-test-cluster';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { V1ClusterRole, V1ClusterRoleBinding, V1ServiceAccount } from '@kubernetes/client-node';
import { AGENT_CONFIG_ANNOTATION } from './plan-vrouter';
import { VROUTER_FINALIZER } from './vrouter-controller';

// vRouter groups and the Manager against the real control plane: kwok runs the agents on simulated nodes.
const t = contrailTestCluster('ct-groups');

beforeAll(async () => {
  // Group a selects ga and gab, group b (at first) gab and gb: they overlap on gab.
  await t.createNode('ga', { grp: 'a', only: 'a' });
  await t.createNode('gab', { grp: 'a', also: 'b' });
  await t.createNode('gb', { only: 'b', also: 'b' });
  await t.start();
}, 120_000);

afterAll(() => t.stop());

const profiles = [
  { metadata: { name: 'kernel' }, spec: { kernelModeConfiguration: {} } },
  { metadata: { name: 'tuning' }, spec: { otherConfig: { moreConfig: { log_level: 'SYS_NOTICE' } } } },
];

function group(name: string, selector: Record<string, string>) {
  return {
    metadata: { name, kind: 'ContrailVrouter' },
    spec: {
      upgradeStrategy: 'rolling',
      nodeSelector: { [TEST_LABEL]: t.id, ...selector },
      tolerations: t.tolerations,
      configuration: { vRouterGateway: '10.1.1.1', profiles: ['kernel', 'tuning'] },
    },
  };
}

describe('vRouter groups', () => {
  it('shows two groups overlapping on a node as a conflict on both and schedules neither there', async () => {
    await t.create(managerResource, {
      apiVersion: 'contrail.juniper.net/v1alpha1',
      kind: 'Manager',
      metadata: { name: 'groups', namespace: t.namespace },
      spec: {
        services: {
          vrouterProfileTemplates: profiles,
          vrouterTemplates: [group('group-a', { grp: 'a' }), group('group-b', { also: 'b' })],
        },
      },
    } as unknown as Manager);
    const overlap = `ct-groups-${t.id}-gab`;
    for (const [name, other, alone] of [
      ['group-a', 'group-b', `ct-groups-${t.id}-ga`],
      ['group-b', 'group-a', `ct-groups-${t.id}-gb`],
    ] as const) {
      await eventually(
        async () => {
          const vrouter = await t.get<Vrouter>(vrouterResource, name);
          expect(vrouter?.metadata.labels?.contrail_cluster).toBe('groups');
          expect(vrouter?.status?.conflicts).toEqual([
            { node: overlap, groups: [`${t.namespace}/${other}`] },
          ]);
          expect(readyOf(vrouter)).toMatchObject({ status: 'False', reason: 'NodeConflict' });
          expect(readyOf(vrouter) && JSON.stringify(readyOf(vrouter))).toContain(overlap);
          const pods = await t.podsOf('vrouter', name);
          expect(pods.map((p) => p.spec?.nodeName)).toEqual([alone]);
          const daemonSet = await t.get<V1DaemonSet>(daemonSetResource, `${name}-vrouter-daemonset`);
          expect(daemonSet?.status?.desiredNumberScheduled).toBe(1);
        },
        90_000,
        500,
      );
    }
    const manager = await t.get<Manager>(managerResource, 'groups');
    expect(readyOf(manager)?.status).toBe('False');
  }, 200_000);

  it('rolls the group DaemonSet when a profile changes', async () => {
    // Resolve the conflict first: group-b moves to its own node.
    const groups = [group('group-a', { grp: 'a' }), group('group-b', { only: 'b' })];
    await t.merge(managerResource, 'groups', {
      spec: { services: { vrouterProfileTemplates: profiles, vrouterTemplates: groups } },
    });
    const before = await eventually(
      async () => {
        const vrouter = await t.get<Vrouter>(vrouterResource, 'group-a');
        expect(readyOf(vrouter)).toMatchObject({ status: 'True', reason: 'AgentsReady' });
        expect(vrouter?.status?.readyNodes).toBe(2);
        const manager = await t.get<Manager>(managerResource, 'groups');
        expect(readyOf(manager)).toMatchObject({ status: 'True' });
        return t.get<V1DaemonSet>(daemonSetResource, 'group-a-vrouter-daemonset');
      },
      90_000,
      500,
    );
    const changed = [
      profiles[0],
      { metadata: { name: 'tuning' }, spec: { otherConfig: { moreConfig: { log_level: 'SYS_DEBUG' } } } },
    ];
    await t.merge(managerResource, 'groups', { spec: { services: { vrouterProfileTemplates: changed } } });
    await eventually(
      async () => {
        const daemonSet = await t.get<V1DaemonSet>(daemonSetResource, 'group-a-vrouter-daemonset');
        expect(daemonSet?.spec?.updateStrategy?.type).toBe('RollingUpdate');
        expect(daemonSet?.metadata?.generation).toBeGreaterThan(before?.metadata?.generation ?? 0);
        expect(daemonSet?.spec?.template.metadata?.annotations?.[AGENT_CONFIG_ANNOTATION]).not.toBe(
          before?.spec?.template.metadata?.annotations?.[AGENT_CONFIG_ANNOTATION],
        );
        expect(daemonSet?.status?.observedGeneration).toBe(daemonSet?.metadata?.generation);
        expect(daemonSet?.status?.updatedNumberScheduled).toBe(2);
        const configMap = await t.get<V1ConfigMap>(configMapResource, 'group-a-vrouter-configmap');
        const texts = Object.entries(configMap?.data ?? {}).flatMap(([key, text]) =>
          key.startsWith('vrouter.') ? [text] : [],
        );
        expect(texts).toHaveLength(2);
        for (const text of texts) expect(text).toContain('log_level=SYS_DEBUG');
        const vrouter = await t.get<Vrouter>(vrouterResource, 'group-a');
        expect(readyOf(vrouter)).toMatchObject({ status: 'True' });
      },
      90_000,
      500,
    );
  }, 200_000);

  it('prunes the Vrouter and its DaemonSet when the entry leaves the Manager', async () => {
    await t.merge(managerResource, 'groups', {
      spec: { services: { vrouterTemplates: [group('group-a', { grp: 'a' })] } },
    });
    await eventually(
      async () => {
        expect(await t.get<Vrouter>(vrouterResource, 'group-b')).toBeUndefined();
        expect(await t.get<V1DaemonSet>(daemonSetResource, 'group-b-vrouter-daemonset')).toBeUndefined();
        const manager = await t.get<Manager>(managerResource, 'groups');
        expect(manager?.status?.vrouters?.map((v) => v.name)).toEqual(['group-a']);
      },
      90_000,
      500,
    );
    expect(await t.get<Vrouter>(vrouterResource, 'group-a')).toBeDefined();
  }, 120_000);
});

describe('the vRouter agent', () => {
  it('runs upstream’s containers as its own identity, and takes that identity away with the group', async () => {
    const names = {
      serviceAccount: 'agents',
      clusterRole: `ct-groups-${t.id}-agents`,
      clusterRoleBinding: `ct-groups-${t.id}-agents`,
    };
    await t.createNode('agent', { agent: 'yes' });
    await t.create(vrouterResource, {
      apiVersion: 'contrail.juniper.net/v1alpha1',
      kind: 'Vrouter',
      metadata: { name: 'agent', namespace: t.namespace },
      spec: {
        commonConfiguration: {
          nodeSelector: { [TEST_LABEL]: t.id, agent: 'yes' },
          tolerations: t.tolerations,
        },
        serviceConfiguration: {
          ...names,
          distribution: 'ubuntu',
          containers: [{ name: 'vrouterkernelbuildinit', image: 'example/kernel-build-init:1' }],
        },
      },
    } as Vrouter);
    await eventually(
      async () => {
        const daemonSet = await t.get<V1DaemonSet>(daemonSetResource, 'agent-vrouter-daemonset');
        const pod = daemonSet?.spec?.template.spec;
        expect(pod?.initContainers?.map((c) => [c.name, c.securityContext?.privileged ?? false])).toEqual([
          ['init', false],
          ['nodeinit', true],
          ['vrouterkernelinit', true],
          ['vroutercni', true],
        ]);
        expect(pod?.initContainers?.[2]?.image).toBe('example/kernel-build-init:1');
        expect(pod?.containers.map((c) => c.name)).toEqual(['vrouteragent', 'nodemanager']);
        expect(pod?.serviceAccountName).toBe('agents');
        expect(pod?.volumes?.find((v) => v.name === 'cni-bin')?.hostPath?.path).toBe('/opt/cni/bin');
        // It names no Control: its agents get no certificate and mount none.
        expect(pod?.volumes?.filter((v) => v.secret)).toEqual([]);
        expect(await t.get(secretResource, 'agent-secret-certificates')).toBeUndefined();
        const [agentPod] = await t.podsOf('vrouter', 'agent');
        const ip = agentPod?.status?.podIP ?? '';
        expect(ip).not.toBe('');
        const configMap = await t.get<V1ConfigMap>(configMapResource, 'agent-vrouter-configmap');
        expect(Object.keys(configMap?.data ?? {}).sort()).toEqual([
          '10-contrail.conf',
          `nodemanager.${ip}`,
          `vrouter.${ip}`,
        ]);
        const account = await t.get<V1ServiceAccount>(serviceAccountResource, 'agents');
        expect(account?.metadata?.ownerReferences?.map((r) => r.name)).toEqual(['agent']);
        const role = await t.get<V1ClusterRole>(clusterRoleResource, names.clusterRole);
        expect(role?.rules?.[0]?.resources).toEqual(['nodes', 'pods']);
        const binding = await t.get<V1ClusterRoleBinding>(
          clusterRoleBindingResource,
          names.clusterRoleBinding,
        );
        expect(binding?.roleRef.name).toBe(names.clusterRole);
        expect(binding?.subjects).toEqual([
          { kind: 'ServiceAccount', name: 'agents', namespace: t.namespace },
        ]);
        const vrouter = await t.get<Vrouter>(vrouterResource, 'agent');
        expect(vrouter?.metadata.finalizers).toContain(VROUTER_FINALIZER);
      },
      90_000,
      500,
    );
    await kubeRequestJson(kc, `${collectionPath(vrouterResource, t.namespace)}/agent`, { method: 'DELETE' });
    await eventually(
      async () => {
        expect(await t.get(vrouterResource, 'agent')).toBeUndefined();
        expect(await t.get(daemonSetResource, 'agent-vrouter-daemonset')).toBeUndefined();
        expect(await t.get(configMapResource, 'agent-vrouter-configmap')).toBeUndefined();
        expect(await t.get(serviceAccountResource, 'agents')).toBeUndefined();
        expect(await t.get(clusterRoleResource, names.clusterRole)).toBeUndefined();
        expect(await t.get(clusterRoleBindingResource, names.clusterRoleBinding)).toBeUndefined();
      },
      60_000,
      500,
    );
  }, 200_000);
});

describe("upstream's Manager sample", () => {
  it('applies unchanged; what Rackpilot manages goes active, the rest is reported', async () => {
    const sampleNamespace = `contrail-sample-${t.id}`;
    await kubeRequestJson(kc, '/api/v1/namespaces', {
      method: 'POST',
      body: { metadata: { name: sampleNamespace } },
    });
    try {
      // The sample selects these well-known labels; open nodes, as a real cluster's would be.
      await t.createNode('master', { 'node-role.kubernetes.io/master': '' }, true);
      await t.createNode('vrouter', { 'node-role.opencontrail.org': 'vrouter' }, true);
      const text = readFileSync(
        fileURLToPath(new URL('../../../crds/samples/valid/contrail-manager.yaml', import.meta.url)),
        'utf8',
      );
      const sample = parse(text) as Manager;
      // The reduced sample keeps the config/control references; add the entries they name, as upstream's full file has.
      sample.spec.services = {
        ...sample.spec.services,
        zookeepers: [
          {
            metadata: { name: 'zookeeper1' },
            spec: {
              commonConfiguration: { nodeSelector: { 'node-role.kubernetes.io/master': '' } },
              serviceConfiguration: {},
            },
          },
        ],
        rabbitmq: {
          metadata: { name: 'rabbitmq1' },
          spec: {
            commonConfiguration: { nodeSelector: { 'node-role.kubernetes.io/master': '' } },
            serviceConfiguration: {},
          },
        },
        config: {
          metadata: { name: 'config1' },
          spec: {
            serviceConfiguration: { cassandraInstance: 'cassandra1', zookeeperInstance: 'zookeeper1' },
          },
        },
        controls: [
          {
            metadata: { name: 'control1' },
            spec: { serviceConfiguration: { cassandraInstance: 'cassandra1' } },
          },
        ],
        keystone: { metadata: { name: 'keystone1' }, spec: { serviceConfiguration: {} } },
      };
      await t.create(
        managerResource,
        { ...sample, metadata: { name: sample.metadata.name, namespace: sampleNamespace } },
        sampleNamespace,
      );
      await eventually(
        async () => {
          const manager = await t.get<Manager>(managerResource, 'cluster1', sampleNamespace);
          expect(manager?.status?.cassandras).toEqual([{ name: 'cassandra1', active: true, created: true }]);
          expect(manager?.status?.zookeepers).toEqual([{ name: 'zookeeper1', active: true, created: true }]);
          expect(manager?.status?.rabbitmq).toEqual({ name: 'rabbitmq1', active: true, created: true });
          expect(manager?.status?.vrouters).toEqual([
            { name: 'vroutermaster', active: true, created: true },
            { name: 'vrouternodes', active: true, created: true },
          ]);
          expect(manager?.status?.config).toEqual({ name: 'config1', active: true, created: true });
          expect(manager?.status?.controls).toEqual([{ name: 'control1', active: true, created: true }]);
          expect(manager?.status?.notManaged).toEqual([{ service: 'keystone', name: 'keystone1' }]);
          // Every service Rackpilot runs is active, yet the spec's Keystone is not run at all:
          // not Ready, and the condition names it (issue 43).
          expect(readyOf(manager)).toMatchObject({
            status: 'False',
            reason: 'ServicesNotManaged',
            message: 'not run by Rackpilot, so never active: keystone keystone1',
          });
        },
        180_000,
        1000,
      );
    } finally {
      await removeNamespace(kc, sampleNamespace);
    }
  }, 240_000);
});
