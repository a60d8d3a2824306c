import type { V1ConfigMap, V1Secret, V1StatefulSet } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../tools/testenv/eventually';
import { readyOf } from '../../../tools/testenv/contrail-test-cluster';
import {
  controllerCluster,
  createManager,
  clusterManager,
  expectManagerNamesNotReady,
  managerOf,
  service,
} from '../../../tools/testenv/contrail-manager-test';
import { TEST_LABEL } from '../../../tools/testenv/contrail-test-cluster';
import { configMapResource, secretResource, statefulSetResource } from '../../kube/resource';
import {
  cassandraResource,
  configResource,
  controlResource,
  vrouterResource,
  type Cassandra,
  type Config,
  type Control,
  type Vrouter,
} from '../../types/crds';

// A Manager with its data services, Config and Control on the real control plane: kwok runs the pods.
const t = controllerCluster('ct-config');

/** A vRouter group of the Manager's cluster naming control1, made by hand before the Manager exists. */
const vrouter: Vrouter = {
  apiVersion: 'contrail.juniper.net/v1alpha1',
  kind: 'Vrouter',
  metadata: { name: 'vr1', labels: { contrail_cluster: 'cluster1' } },
  spec: {
    commonConfiguration: {
      nodeSelector: { [TEST_LABEL]: t.id, role: 'controller' },
      tolerations: t.tolerations,
    },
    serviceConfiguration: { controlInstance: 'control1' },
  },
};

describe('Config and Control under a Manager', () => {
  it('creates Config once its data services are active and Control once Config is, each rendered from its peers, and counts them in Ready; a vRouter group waits for its Control', async () => {
    // The group that names control1 waits for it (and its cluster's Config), creating nothing.
    await t.create(vrouterResource, vrouter);
    await eventually(
      async () => {
        const group = await t.get<Vrouter>(vrouterResource, 'vr1');
        expect(readyOf(group)).toMatchObject({
          status: 'False',
          reason: 'WaitingForPeers',
          message: 'control control1 does not exist; config of cluster cluster1 does not exist',
        });
        expect(await t.get<V1ConfigMap>(configMapResource, 'vr1-vrouter-configmap')).toBeUndefined();
      },
      60_000,
      500,
    );
    await createManager(t, {
      cassandras: [service('cassandra1')],
      zookeepers: [service('zookeeper1')],
      rabbitmq: service('rabbitmq1'),
      config: service('config1', { cassandraInstance: 'cassandra1', zookeeperInstance: 'zookeeper1' }),
      controls: [service('control1', { cassandraInstance: 'cassandra1', bgpPort: 1179 })],
    });

    const { config, data } = await eventually(
      async () => {
        const manager = await managerOf(t);
        expect(readyOf(manager)).toMatchObject({ status: 'True', reason: 'AllServicesActive' });
        expect(manager?.status?.config).toEqual({ name: 'config1', active: true, created: true });
        const config = await t.get<Config>(configResource, 'config1');
        expect(config?.status).toMatchObject({ active: true, replicas: 3, readyReplicas: 3 });
        expect(readyOf(config)).toMatchObject({ status: 'True', reason: 'Active' });
        expect(manager?.status?.controls).toEqual([{ name: 'control1', active: true, created: true }]);
        const data = (await t.get<V1ConfigMap>(configMapResource, 'config1-config-configmap'))?.data ?? {};
        return { config, data };
      },
      180_000,
      1000,
    );

    // The per-pod files are the pods' own, with Cassandra's addresses from its status.
    const ips = Object.values(config?.status?.nodes ?? {}).sort();
    expect(ips).toHaveLength(3);
    expect(
      Object.keys(data)
        .filter((key) => key.startsWith('api.'))
        .sort(),
    ).toEqual(ips.map((ip) => `api.${ip}`));
    const cassandra = await t.get<Cassandra>(cassandraResource, 'cassandra1');
    const cassandraIps = Object.values(cassandra?.status?.nodes ?? {}).sort();
    expect(data[`api.${ips[0] ?? ''}`]).toContain(
      `cassandra_server_list=${cassandraIps.map((ip) => `${ip}:9160`).join(' ')}`,
    );
    expect(config?.status?.ports).toEqual({
      apiPort: '8082',
      analyticsPort: '8081',
      collectorPort: '8086',
      redisPort: '6379',
    });
    expect(config?.status?.endpoint).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const sts = await t.get<V1StatefulSet>(statefulSetResource, 'config1-config-statefulset');
    expect(sts?.spec?.template.spec?.containers.map((c) => c.name)).toContain('api');
    expect(sts?.spec?.template.spec?.containers[0]?.envFrom).toEqual([
      { secretRef: { name: 'rabbitmq1-secret' } },
    ]);
    // The Manager made its admin-password Secret once, under upstream's default name, and handed it to
    // Config, whose dnsmasq reads the password from it.
    const adminPassword = await t.get<V1Secret>(secretResource, 'cluster1-admin-password');
    expect(adminPassword?.metadata?.ownerReferences?.[0]).toMatchObject({
      kind: 'Manager',
      controller: true,
    });
    expect(Buffer.from(adminPassword?.data?.password ?? '', 'base64').toString()).toMatch(/^[\w-]{20,}$/);
    expect(config?.spec.serviceConfiguration.keystoneSecretName).toBe('cluster1-admin-password');
    expect(sts?.spec?.template.spec?.containers.find((c) => c.name === 'dnsmasq')?.env).toContainEqual({
      name: 'KEYSTONE_AUTH_ADMIN_PASSWORD',
      valueFrom: { secretKeyRef: { name: 'cluster1-admin-password', key: 'password' } },
    });

    // Control registers with and reports to the Config pods, on the spec's BGP port.
    const control = await t.get<Control>(controlResource, 'control1');
    expect(control?.status).toMatchObject({ active: true, ports: { bgpPort: '1179', xmppPort: '5269' } });
    const controlIp = Object.values(control?.status?.nodes ?? {})[0] ?? '';
    const controlData =
      (await t.get<V1ConfigMap>(configMapResource, 'control1-control-configmap'))?.data ?? {};
    expect(controlData[`control.${controlIp}`]).toContain('bgp_port=1179');
    expect(controlData[`control.${controlIp}`]).toContain(
      `collectors=${ips.map((ip) => `${ip}:8086`).join(' ')}`,
    );
    expect(controlData[`provision.sh.${controlIp}`]).toContain(`for server in ${ips.join(' ')}; do`);

    // The vRouter agents talk to the control nodes over XMPP (with TLS) and DNS, and report to Config.
    const agents = await eventually(
      async () => {
        const group = await t.get<Vrouter>(vrouterResource, 'vr1');
        expect(readyOf(group)).toMatchObject({ status: 'True', reason: 'AgentsReady' });
        const agentData = (await t.get<V1ConfigMap>(configMapResource, 'vr1-vrouter-configmap'))?.data ?? {};
        const files = Object.keys(agentData).filter((key) => key.startsWith('vrouter.'));
        expect(files).toHaveLength(3);
        return files.map((key) => agentData[key] ?? '');
      },
      120_000,
      1000,
    );
    const controlIps = Object.values(control?.status?.nodes ?? {}).sort();
    for (const agent of agents) {
      expect(agent).toContain(`[CONTROL-NODE]\nservers=${controlIps.map((ip) => `${ip}:5269`).join(' ')}\n`);
      expect(agent).toContain(`[DNS]\nservers=${controlIps.map((ip) => `${ip}:53`).join(' ')}\n`);
      expect(agent).toContain(`collectors=${ips.map((ip) => `${ip}:8086`).join(' ')}\n`);
      expect(agent).toContain('xmpp_auth_enable=True\n');
    }

    // Config's pods stop being ready: Config is no longer active and the Manager's Ready names it.
    await expectManagerNamesNotReady(
      clusterManager(t),
      { type: 'config', name: 'config1' },
      {
        whileDown: async (manager) => {
          expect(manager?.status?.config).toEqual({ name: 'config1', active: false, created: true });
          // Control keeps running on what it was given, and says what it waits for.
          const control = await t.get<Control>(controlResource, 'control1');
          expect(control?.status?.active).toBe(true);
          expect(readyOf(control)).toMatchObject({ status: 'False', reason: 'WaitingForPeers' });
          // So does the vRouter group, its agents left running on what they were given.
          expect(readyOf(await t.get<Vrouter>(vrouterResource, 'vr1'))).toMatchObject({
            status: 'False',
            reason: 'WaitingForPeers',
            message: 'config of cluster cluster1 is not active yet',
          });
          expect(await t.podsOf('vrouter', 'vr1')).toHaveLength(3);
        },
        whenBack: async () => {
          expect(readyOf(await t.get<Control>(controlResource, 'control1'))).toMatchObject({
            status: 'True',
          });
          expect(readyOf(await t.get<Vrouter>(vrouterResource, 'vr1'))).toMatchObject({ status: 'True' });
        },
      },
    );
  }, 300_000);
});
