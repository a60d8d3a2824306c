import type { V1ConfigMap, V1StatefulSet } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../tools/testenv/eventually';
import { contrailTestCluster, readyOf, TEST_LABEL } from '../../../tools/testenv/contrail-test-cluster';
import { configMapResource, statefulSetResource } from '../../kube/resource';
import {
  cassandraResource,
  configResource,
  controlResource,
  managerResource,
  type Cassandra,
  type Config,
  type Control,
  type Manager,
} from '../../types/crds';

// A Manager with its data services, Config and Control on the real control plane: kwok runs the pods.
const t = contrailTestCluster('ct-config');

beforeAll(async () => {
  for (let i = 0; i < 3; i++) await t.createNode(`m${i}`, { role: 'controller' });
  await t.start();
}, 120_000);

afterAll(() => t.stop());

const service = (name: string, serviceConfiguration: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: { serviceConfiguration },
});

describe('Config and Control under a Manager', () => {
  it('creates Config once its data services are active and Control once Config is, each rendered from its peers, and counts them in Ready', async () => {
    await t.create(managerResource, {
      apiVersion: 'contrail.juniper.net/v1alpha1',
      kind: 'Manager',
      metadata: { name: 'cluster1', namespace: t.namespace },
      spec: {
        commonConfiguration: {
          nodeSelector: { [TEST_LABEL]: t.id, role: 'controller' },
          tolerations: t.tolerations,
        },
        services: {
          cassandras: [service('cassandra1')],
          zookeepers: [service('zookeeper1')],
          rabbitmq: service('rabbitmq1'),
          config: service('config1', { cassandraInstance: 'cassandra1', zookeeperInstance: 'zookeeper1' }),
          controls: [service('control1', { cassandraInstance: 'cassandra1', bgpPort: 1179 })],
        },
      },
    } as Manager);

    const { config, data } = await eventually(
      async () => {
        const manager = await t.get<Manager>(managerResource, 'cluster1');
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

    // Config's pods stop being ready: Config is no longer active and the Manager's Ready names it.
    await t.setPodsReady('config', 'config1', false);
    await eventually(
      async () => {
        const manager = await t.get<Manager>(managerResource, 'cluster1');
        expect(manager?.status?.config).toEqual({ name: 'config1', active: false, created: true });
        expect(readyOf(manager)).toMatchObject({
          status: 'False',
          reason: 'ServicesNotActive',
          message: 'not active yet: config config1',
        });
        // Control keeps running on what it was given, and says what it waits for.
        const control = await t.get<Control>(controlResource, 'control1');
        expect(control?.status?.active).toBe(true);
        expect(readyOf(control)).toMatchObject({ status: 'False', reason: 'WaitingForPeers' });
      },
      60_000,
      500,
    );

    await t.setPodsReady('config', 'config1', true);
    await eventually(
      async () => {
        const manager = await t.get<Manager>(managerResource, 'cluster1');
        expect(readyOf(manager)).toMatchObject({ status: 'True', reason: 'AllServicesActive' });
        expect(readyOf(await t.get<Control>(controlResource, 'control1'))).toMatchObject({ status: 'True' });
      },
      60_000,
      500,
    );
  }, 300_000);
});
