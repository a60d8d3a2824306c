import type { V1Pod, V1StatefulSet } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { Cassandra } from '../../types/crds/cassandra';
import type { Config } from '../../types/crds/config';
import type { Rabbitmq } from '../../types/crds/rabbitmq';
import type { Zookeeper } from '../../types/crds/zookeeper';
import { configKind } from './component-kinds';
import type { Peers } from './component-peers';
import { testCertificates } from './component-test-peers';
import { planComponent, type ComponentObserved } from './plan-component';

const now = new Date('2026-12-01T10:00:00Z');
const meta = (name: string) => ({ name, namespace: 'ns', labels: { contrail_cluster: 'cluster1' } });

function config(replicas = 3, serviceConfiguration: Config['spec']['serviceConfiguration'] = {}): Config {
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Config',
    metadata: { ...meta('config1'), uid: 'c1', generation: 1 },
    spec: {
      commonConfiguration: { replicas },
      serviceConfiguration: {
        cassandraInstance: 'cassandra1',
        zookeeperInstance: 'zookeeper1',
        ...serviceConfiguration,
      },
    },
  };
}

const cassandra: Cassandra = {
  apiVersion: 'contrail.juniper.net/v1alpha1',
  kind: 'Cassandra',
  metadata: meta('cassandra1'),
  spec: { serviceConfiguration: {} },
  status: {
    active: true,
    nodes: { c0: '10.0.0.2', c1: '10.0.0.1' },
    ports: { port: '9160', cqlPort: '9042', jmxPort: '7200' },
  },
};
const zookeeper: Zookeeper = {
  apiVersion: 'contrail.juniper.net/v1alpha1',
  kind: 'Zookeeper',
  metadata: meta('zookeeper1'),
  spec: { serviceConfiguration: {} },
  status: { active: true, nodes: { z0: '10.0.1.1' }, ports: { clientPort: '2181' } },
};
const rabbitmq: Rabbitmq = {
  apiVersion: 'contrail.juniper.net/v1alpha1',
  kind: 'Rabbitmq',
  metadata: meta('rabbitmq1'),
  spec: { serviceConfiguration: {} },
  status: { active: true, nodes: { r0: '10.0.2.1' }, ports: { port: '5673' }, secret: 'rabbitmq1-secret' },
};
const activePeers: Peers = { cassandra, zookeeper, rabbitmq };

const pod = (ordinal: number, ready: boolean): V1Pod => ({
  metadata: { name: `config1-config-statefulset-${ordinal}` },
  status: {
    podIP: `10.1.0.${ordinal + 1}`,
    conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }],
  },
});

function observed(change: Partial<ComponentObserved> = {}): ComponentObserved {
  return {
    object: config(),
    pods: [pod(0, true), pod(1, true), pod(2, true)],
    service: { spec: { clusterIP: '10.96.0.9' } },
    configMap: undefined,
    peers: activePeers,
    certificates: testCertificates,
    ...change,
  };
}

describe('planComponent (Config)', () => {
  it.each<[string, Partial<ComponentObserved>, boolean, string, string]>([
    ['every pod ready', {}, true, 'Active', '3 of 3 pods ready'],
    [
      'a quorum ready',
      { pods: [pod(0, true), pod(1, true), pod(2, false)] },
      true,
      'Active',
      '2 of 3 pods ready',
    ],
    [
      'less than a quorum ready',
      { pods: [pod(0, true), pod(1, false), pod(2, false)] },
      false,
      'PodsNotReady',
      '1 of 3 pods ready; a quorum must be',
    ],
    // Upstream's active counts pods alone; Ready also wants the Service.
    [
      'no cluster IP yet',
      { service: undefined },
      true,
      'WaitingForService',
      'service config1-config has no cluster IP yet',
    ],
    [
      'Cassandra not active',
      { peers: { ...activePeers, cassandra: { ...cassandra, status: { active: false } } } },
      false,
      'WaitingForPeers',
      'cassandra cassandra1 is not active yet',
    ],
    [
      'Cassandra not active, the pods running on the configuration they were given',
      {
        peers: { ...activePeers, cassandra: { ...cassandra, status: { active: false } } },
        configMap: { data: { 'api.10.1.0.1': '', 'api.10.1.0.2': '', 'api.10.1.0.3': '' } },
      },
      true,
      'WaitingForPeers',
      'cassandra cassandra1 is not active yet',
    ],
    [
      'Cassandra not active and two ready pods without their file',
      {
        peers: { ...activePeers, cassandra: { ...cassandra, status: { active: false } } },
        configMap: { data: { 'api.10.1.0.1': '' } },
      },
      false,
      'WaitingForPeers',
      'cassandra cassandra1 is not active yet',
    ],
    [
      'no RabbitMQ in the cluster and no ZooKeeper',
      { peers: { cassandra } },
      false,
      'WaitingForPeers',
      'zookeeper zookeeper1 does not exist; rabbitmq of cluster cluster1 does not exist',
    ],
    [
      'no ZooKeeper named',
      { object: { ...config(), spec: { serviceConfiguration: { cassandraInstance: 'cassandra1' } } } },
      false,
      'WaitingForPeers',
      'no zookeeper named: serviceConfiguration.zookeeperInstance is not set',
    ],
  ])('with %s: active %s, %s', (_case, change, active, reason, message) => {
    const plan = planComponent(configKind, observed(change), now);
    expect(plan.status.active).toBe(active);
    expect(plan.status.conditions?.[0]).toMatchObject({ reason, message });
    if (reason === 'WaitingForPeers') expect(plan.objects).toBeUndefined();
    else expect(plan.objects?.map((o) => o.kind)).toEqual(['ConfigMap', 'Service', 'StatefulSet', 'Secret']);
  });

  it.each<[string, string[], Partial<ComponentObserved>, string, string]>([
    ['no gaps', [], {}, 'Active', '3 of 3 pods ready'],
    ['one gap, pods active', ['no TLS'], {}, 'Incomplete', 'no TLS'],
    ['two gaps, pods active', ['no TLS', 'no role'], {}, 'Incomplete', 'no TLS; no role'],
    // What holds Ready back first is still said first: the gaps wait behind it.
    [
      'a gap and too few pods',
      ['no TLS'],
      { pods: [pod(0, true), pod(1, false), pod(2, false)] },
      'PodsNotReady',
      '1 of 3 pods ready; a quorum must be',
    ],
  ])('with %s: Ready %s', (_case, gaps, change, reason, message) => {
    const plan = planComponent({ ...configKind, gaps: () => gaps }, observed(change), now);
    expect(plan.status.conditions?.[0]).toMatchObject({
      status: reason === 'Active' ? 'True' : 'False',
      reason,
      message,
    });
    // Upstream's active is the pods' alone, which the kinds waiting on this one read.
    expect(plan.status.active).toBe(reason !== 'PodsNotReady');
  });

  it("reports upstream's status: nodes, ports and the Service's cluster IP as endpoint", () => {
    const { status } = planComponent(configKind, observed(), now);
    expect(status).toMatchObject({
      nodes: { 'config1-config-statefulset-0': '10.1.0.1' },
      ports: { apiPort: '8082', analyticsPort: '8081', collectorPort: '8086', redisPort: '6379' },
      endpoint: '10.96.0.9',
      replicas: 3,
      readyReplicas: 3,
    });
    // Config renders from no member of its cluster: nothing to report given.
    expect(status).not.toHaveProperty('membersRendered');
  });

  it("runs upstream's containers, each waiting for its pod's file and reading RabbitMQ's Secret", () => {
    const plan = planComponent(configKind, observed(), now);
    const sts = plan.objects?.find((o) => o.kind === 'StatefulSet') as V1StatefulSet;
    const spec = sts.spec?.template.spec;
    expect(spec?.containers.map((c) => c.name)).toEqual([
      'api',
      'devicemanager',
      'dnsmasq',
      'schematransformer',
      'servicemonitor',
      'analyticsapi',
      'queryengine',
      'collector',
      'redis',
      'nodemanagerconfig',
      'nodemanageranalytics',
    ]);
    expect(spec?.initContainers?.[0]?.command?.[2]).toBe(
      'until [ -f /etc/contrailconfigmaps/api.${POD_IP} ]; do sleep 2; done',
    );
    for (const container of spec?.containers ?? [])
      expect(container.envFrom).toEqual([{ secretRef: { name: 'rabbitmq1-secret' } }]);
    // Every mount names a volume of the pod, and every file a command reads is a key of the ConfigMap.
    const volumes = new Set(spec?.volumes?.map((v) => v.name));
    const data = (plan.objects?.[0] as { data: Record<string, string> }).data;
    for (const container of spec?.containers ?? []) {
      for (const mount of container.volumeMounts ?? []) expect(volumes.has(mount.name)).toBe(true);
      const script = container.command?.[2] ?? '';
      for (const [, file] of script.matchAll(/\/etc\/contrailconfigmaps\/([\w.-]+)\.\$\{POD_IP\}/g))
        expect(Object.keys(data)).toContain(`${file ?? ''}.10.1.0.1`);
    }
  });

  it("gives dnsmasq the Keystone admin from keystoneSecretName's Secret, as upstream, and nothing without one", () => {
    const dnsmasq = (object: Config) =>
      (
        planComponent(configKind, observed({ object }), now).objects?.find(
          (o) => o.kind === 'StatefulSet',
        ) as V1StatefulSet
      ).spec?.template.spec?.containers.find((c) => c.name === 'dnsmasq')?.env;
    expect(dnsmasq(config(3, { keystoneSecretName: 'cluster1-admin-password' }))).toEqual(
      expect.arrayContaining([
        {
          name: 'KEYSTONE_AUTH_ADMIN_PASSWORD',
          valueFrom: { secretKeyRef: { name: 'cluster1-admin-password', key: 'password' } },
        },
        { name: 'KEYSTONE_AUTH_ADMIN_USER', value: 'admin' },
        { name: 'KEYSTONE_AUTH_ADMIN_TENANT', value: 'admin' },
      ]),
    );
    expect(dnsmasq(config())?.map((e) => e.name)).not.toContain('KEYSTONE_AUTH_ADMIN_PASSWORD');
  });

  it('leaves the node managers out when nodeManager is false, and takes image overrides', () => {
    const object = config(1, { nodeManager: false, containers: [{ name: 'api', image: 'mine/api:1' }] });
    const plan = planComponent(configKind, observed({ object, pods: [pod(0, true)] }), now);
    const containers = (plan.objects?.find((o) => o.kind === 'StatefulSet') as V1StatefulSet).spec?.template
      .spec?.containers;
    expect(containers?.map((c) => c.name)).not.toContain('nodemanagerconfig');
    expect(containers?.[0]?.image).toBe('mine/api:1');
  });

  it("writes the certificate Secret under upstream's name, mounts it where upstream's pods read it, and looks again at renewal", () => {
    const plan = planComponent(configKind, observed(), now);
    const secret = plan.objects?.find((o) => o.kind === 'Secret') as {
      metadata: { name: string };
      data: unknown;
    };
    expect(secret).toMatchObject({
      metadata: { name: 'config1-secret-certificates' },
      data: testCertificates.data,
    });
    const spec = (plan.objects?.find((o) => o.kind === 'StatefulSet') as V1StatefulSet).spec?.template.spec;
    expect(spec?.volumes).toEqual(
      expect.arrayContaining([
        { name: 'certificates', secret: { secretName: 'config1-secret-certificates' } },
        {
          name: 'ca-certificate',
          secret: {
            secretName: 'config1-secret-certificates',
            items: [{ key: 'ca-bundle.crt', path: 'ca-bundle.crt' }],
          },
        },
      ]),
    );
    for (const container of spec?.containers ?? []) {
      expect(container.volumeMounts).toEqual(
        expect.arrayContaining([
          { name: 'certificates', mountPath: '/etc/certificates', readOnly: true },
          { name: 'ca-certificate', mountPath: '/etc/ssl/certs/kubernetes', readOnly: true },
        ]),
      );
    }
    // An hour to the renewal; a renewal already due is looked at again after a second, not in a loop.
    expect(plan.requeueAfterMs).toBe(3_600_000);
    const due = { ...testCertificates, renewAt: new Date(now.getTime() - 5000) };
    expect(planComponent(configKind, observed({ certificates: due }), now).requeueAfterMs).toBe(1000);
    // A renewal months away is looked at again in a day: longer timers do not hold.
    const later = { ...testCertificates, renewAt: new Date(now.getTime() + 240 * 24 * 3_600_000) };
    expect(planComponent(configKind, observed({ certificates: later }), now).requeueAfterMs).toBe(
      24 * 3_600_000,
    );
    // What the certificate step signed is told in an event, once written.
    const signed = planComponent(
      configKind,
      observed({ certificates: { ...testCertificates, issued: 3 } }),
      now,
    );
    expect(signed.events).toContainEqual({
      type: 'Normal',
      reason: 'CertificatesIssued',
      note: "3 pod certificates signed by the cluster's CA",
    });
    expect(plan.events.map((e) => e.reason)).not.toContain('CertificatesIssued');
    // Certificates the pods ran with replaced: the template names the new generation, so the
    // StatefulSet rolls its pods; the first certificates leave the template as it was.
    const template = (certificates: typeof testCertificates & { generation?: number; rolled?: boolean }) =>
      (
        planComponent(configKind, observed({ certificates }), now).objects?.find(
          (o) => o.kind === 'StatefulSet',
        ) as V1StatefulSet
      ).spec?.template.metadata;
    expect(template(testCertificates)?.annotations).toBeUndefined();
    expect(template({ ...testCertificates, generation: 0 })?.annotations).toBeUndefined();
    expect(template({ ...testCertificates, generation: 2 })?.annotations).toEqual({
      'rackpilot.io/certificate-generation': '2',
    });
    const rolled = planComponent(
      configKind,
      observed({ certificates: { ...testCertificates, issued: 3, generation: 2, rolled: true } }),
      now,
    );
    expect(rolled.events).toContainEqual({
      type: 'Normal',
      reason: 'CertificatesIssued',
      note: "3 pod certificates signed by the cluster's CA; they replace certificates in use, so the pods restart one at a time",
    });
    // While it waits for a peer nothing is written, so nothing is renewed either.
    const waiting = planComponent(
      configKind,
      observed({ peers: { ...activePeers, rabbitmq: undefined } }),
      now,
    );
    expect(waiting.requeueAfterMs).toBeUndefined();
  });
});
