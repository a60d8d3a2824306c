import type {
  V1ClusterRole,
  V1ClusterRoleBinding,
  V1ConfigMap,
  V1ServiceAccount,
  V1StatefulSet,
} from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { eventually } from '../../../tools/testenv/eventually';
import { readyOf } from '../../../tools/testenv/contrail-test-cluster';
import {
  ALL_ACTIVE,
  controllerCluster,
  createManager,
  clusterManager,
  expectManagerNamesNotReady,
  managerOf,
  service,
} from '../../../tools/testenv/contrail-manager-test';
import {
  clusterRoleBindingResource,
  clusterRoleResource,
  configMapResource,
  serviceAccountResource,
  statefulSetResource,
} from '../../kube/resource';
import {
  configResource,
  controlResource,
  kubemanagerResource,
  managerResource,
  provisionManagerResource,
  webuiResource,
  type Config,
  type Control,
  type Kubemanager,
  type ProvisionManager,
  type Webui,
} from '../../types/crds';

// A Manager with every component Rackpilot runs, on the real control plane: kwok runs the pods.
const t = controllerCluster('ct-kwp');
const db = { cassandraInstance: 'cassandra1', zookeeperInstance: 'zookeeper1' };

describe('Kubemanager, Webui and ProvisionManager under a Manager', () => {
  it('creates them once Config is active, each rendered from its peers, kube-manager with a cluster role of its own, and is Ready with all of them active', async () => {
    await createManager(t, {
      cassandras: [service('cassandra1')],
      zookeepers: [service('zookeeper1')],
      rabbitmq: service('rabbitmq1'),
      config: service('config1', db),
      controls: [service('control1', { cassandraInstance: 'cassandra1' })],
      kubemanagers: [service('kubemanager1', { ...db, podSubnets: '10.48.0.0/12' })],
      webui: service('webui1', { cassandraInstance: 'cassandra1' }),
      provisionManager: service('provmanager1'),
    });

    await eventually(
      async () => {
        const manager = await managerOf(t);
        expect(manager?.status?.kubemanagers).toEqual([
          { name: 'kubemanager1', active: true, created: true },
        ]);
        expect(manager?.status?.webui).toEqual({ name: 'webui1', active: true, created: true });
        expect(manager?.status?.provisionManager).toEqual({
          name: 'provmanager1',
          active: true,
          created: true,
        });
        expect(manager?.status?.notManaged).toEqual([]);
        // Every service active and none short of its spec: Ready.
        expect(manager?.status?.incomplete).toEqual([]);
        expect(readyOf(manager)).toMatchObject(ALL_ACTIVE);
      },
      240_000,
      1000,
    );

    const config = await t.get<Config>(configResource, 'config1');
    const configIps = Object.values(config?.status?.nodes ?? {}).sort();
    expect(configIps).toHaveLength(3);

    // kube-manager: on Config's API, the spec's subnets, as a ServiceAccount of its own, bound to a
    // ClusterRole of its own that reads what it maps.
    const kubemanager = await t.get<Kubemanager>(kubemanagerResource, 'kubemanager1');
    expect(readyOf(kubemanager)).toMatchObject({ status: 'True', reason: 'Active' });
    const roleName = `contrail-kubemanager-${t.namespace}-kubemanager1`;
    const role = await t.get<V1ClusterRole>(clusterRoleResource, roleName);
    expect(role?.rules?.[0]?.resources).toEqual(expect.arrayContaining(['pods', 'services', 'namespaces']));
    expect(await t.get<V1ClusterRoleBinding>(clusterRoleBindingResource, roleName)).toMatchObject({
      roleRef: { kind: 'ClusterRole', name: roleName },
      subjects: [{ kind: 'ServiceAccount', name: 'kubemanager1-kubemanager', namespace: t.namespace }],
    });
    const kmIp = Object.values(kubemanager?.status?.nodes ?? {})[0] ?? '';
    const kmData = (await t.get<V1ConfigMap>(configMapResource, 'kubemanager1-kubemanager-configmap'))?.data;
    expect(kmData?.[`kubemanager.${kmIp}`]).toContain(`vnc_endpoint_ip=${configIps.join(',')}`);
    expect(kmData?.[`kubemanager.${kmIp}`]).toContain('pod_subnets=10.48.0.0/12');
    expect(await t.get<V1ServiceAccount>(serviceAccountResource, 'kubemanager1-kubemanager')).toBeDefined();
    const kmSts = await t.get<V1StatefulSet>(statefulSetResource, 'kubemanager1-kubemanager-statefulset');
    expect(kmSts?.spec?.template.spec?.serviceAccountName).toBe('kubemanager1-kubemanager');

    // The web UI: its ports and Service, and Config's API in each pod's file.
    const webui = await t.get<Webui>(webuiResource, 'webui1');
    expect(webui?.status).toMatchObject({
      active: true,
      ports: { webUIHttpPort: 8180, webUIHttpsPort: 8143, redisPort: 6380 },
    });
    expect(webui?.status?.endpoint).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const webuiIp = Object.values(webui?.status?.nodes ?? {})[0] ?? '';
    const webuiData = (await t.get<V1ConfigMap>(configMapResource, 'webui1-webui-configmap'))?.data;
    expect(webuiData?.[`config.global.js.${webuiIp}`]).toContain(
      `config.cnfg = { server_ip: [${configIps.map((ip) => `'${ip}'`).join(', ')}]`,
    );

    // The provisioner registers Config's pods, by the nodes they run on, over TLS: Ready.
    const provisioner = await t.get<ProvisionManager>(provisionManagerResource, 'provmanager1');
    expect(provisioner?.status?.active).toBe(true);
    expect(readyOf(provisioner)).toMatchObject({ status: 'True', reason: 'Active' });
    const pmData = (await t.get<V1ConfigMap>(configMapResource, 'provmanager1-provisionmanager-configmap'))
      ?.data;
    const configNodes = parse(pmData?.['confignodes.yaml'] ?? '[]') as { ipAddress: string }[];
    expect(configNodes.map((n) => n.ipAddress)).toEqual(configIps);
    // Both report, through the API server's schema, the Control pods they were given: what Ready waited for.
    const control = await t.get<Control>(controlResource, 'control1');
    const controlPods = Object.keys(control?.status?.nodes ?? {}).sort();
    expect(controlPods.length).toBeGreaterThan(0);
    expect(provisioner?.status?.membersRendered).toEqual(controlPods);
    expect(webui?.status?.membersRendered).toEqual(controlPods);

    // The web UI's pods stop being ready: the Manager's Ready goes False and names it, and back.
    await expectManagerNamesNotReady(
      clusterManager(t),
      { type: 'webui', name: 'webui1' },
      {
        whileDown: (manager) =>
          expect(manager?.status?.webui).toEqual({ name: 'webui1', active: false, created: true }),
      },
    );

    // The Manager no longer asks for kube-manager: it goes, and its ClusterRole and binding with it.
    await t.merge(managerResource, 'cluster1', { spec: { services: { kubemanagers: [] } } });
    await eventually(
      async () => {
        expect(await t.get<Kubemanager>(kubemanagerResource, 'kubemanager1')).toBeUndefined();
        expect(await t.get<V1ClusterRole>(clusterRoleResource, roleName)).toBeUndefined();
        expect(await t.get<V1ClusterRoleBinding>(clusterRoleBindingResource, roleName)).toBeUndefined();
      },
      60_000,
      500,
    );
  }, 400_000);
});
