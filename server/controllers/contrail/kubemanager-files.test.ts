import type { V1ConfigMap, V1StatefulSet } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { Kubemanager } from '../../types/crds/kubemanager';
import { componentMeta, observe, testPeers, testPod } from './component-test-peers';
import { kubemanagerKind } from './kubemanager-kind';
import { planComponent } from './plan-component';

const now = new Date('2026-12-01T10:00:00Z');

function kubemanager(serviceConfiguration: Kubemanager['spec']['serviceConfiguration'] = {}): Kubemanager {
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Kubemanager',
    metadata: componentMeta('kubemanager1', 'k1'),
    spec: {
      commonConfiguration: { replicas: 2 },
      serviceConfiguration: {
        cassandraInstance: 'cassandra1',
        zookeeperInstance: 'zookeeper1',
        ...serviceConfiguration,
      },
    },
  };
}

const pods = (ready = [true, true]) => ready.map((r, i) => testPod('kubemanager1-kubemanager', i, r));
const plan = (object = kubemanager(), change = {}) =>
  planComponent(kubemanagerKind, observe(object, pods(), change), now);

describe('planComponent (Kubemanager)', () => {
  it.each<[string, Parameters<typeof observe>[2], boolean, string, string]>([
    ['every pod ready', {}, true, 'Active', '2 of 2 pods ready'],
    [
      'one pod not ready',
      { pods: pods([true, false]) },
      false,
      'PodsNotReady',
      '1 of 2 pods ready; all must be',
    ],
    // kube-manager has no Service, so no cluster IP is waited for.
    ['no Service', { service: undefined }, true, 'Active', '2 of 2 pods ready'],
    [
      'Config not active',
      { peers: { ...testPeers, config: { ...testPeers.config, status: { active: false } } } },
      false,
      'WaitingForPeers',
      'config of cluster cluster1 is not active yet',
    ],
  ])('with %s: active %s, %s', (_case, change, active, reason, message) => {
    const { status, objects } = planComponent(kubemanagerKind, observe(kubemanager(), pods(), change), now);
    expect(status.active).toBe(active);
    expect(status.conditions?.[0]).toMatchObject({ status: active ? 'True' : 'False', reason, message });
    if (reason === 'WaitingForPeers') expect(objects).toBeUndefined();
    else
      expect(objects?.map((o) => o.kind)).toEqual([
        'ConfigMap',
        'ServiceAccount',
        'StatefulSet',
        'Secret',
        'ClusterRole',
        'ClusterRoleBinding',
      ]);
  });

  it("writes upstream's status without ports or endpoint (it has neither)", () => {
    const { status } = plan();
    expect(status).toMatchObject({
      active: true,
      nodes: { 'kubemanager1-kubemanager-statefulset-0': '10.1.0.1' },
    });
    expect(status).not.toHaveProperty('ports');
    expect(status).not.toHaveProperty('endpoint');
  });

  it('runs kube-manager as its own ServiceAccount with RabbitMQ’s Secret, on both of its files', () => {
    const objects = plan().objects ?? [];
    expect(objects[1]).toMatchObject({
      kind: 'ServiceAccount',
      metadata: { name: 'kubemanager1-kubemanager' },
    });
    const spec = (objects[2] as V1StatefulSet).spec?.template.spec;
    expect(spec?.serviceAccountName).toBe('kubemanager1-kubemanager');
    const [container] = spec?.containers ?? [];
    expect(container?.envFrom).toEqual([{ secretRef: { name: 'rabbitmq1-secret' } }]);
    expect(container?.command?.[2]).toContain(
      'contrail-kube-manager -c /etc/contrailconfigmaps/kubemanager.${POD_IP} -c /run/kubemanager/kubemanager.conf',
    );
    expect(container?.volumeMounts?.map((m) => m.mountPath)).toEqual([
      '/etc/contrailconfigmaps',
      '/etc/certificates',
      '/etc/ssl/certs/kubernetes',
      '/run/kubemanager',
    ]);
  });
});

describe('kube-manager’s files', () => {
  const data = (object = kubemanager()) => (plan(object).objects?.[0] as V1ConfigMap).data ?? {};

  it('points at Config’s API, Cassandra, ZooKeeper and RabbitMQ from their status, with no secret', () => {
    const file = data()['kubemanager.10.1.0.1'] ?? '';
    expect(file).toContain('vnc_endpoint_ip=10.0.3.1\nvnc_endpoint_port=8082');
    expect(file).toContain('cassandra_server_list=10.0.0.1:9160 10.0.0.2:9160');
    expect(file).toContain('zk_server_ip=10.0.1.1:2181');
    expect(file).toContain('rabbit_server=10.0.2.1\nrabbit_port=15673');
    expect(file).toContain('collectors=10.0.3.1:8086');
    expect(file).not.toMatch(/token|rabbit_user|rabbit_password/);
    expect(data()['vnc.10.1.0.1']).toContain('WEB_SERVER=10.0.3.1\nWEB_PORT=8082');
  });

  it("takes upstream's cluster defaults, and the API server from the pod's environment when unset", () => {
    const file = data()['kubemanager.10.1.0.1'] ?? '';
    expect(file).toContain(
      'pod_subnets=10.32.0.0/12\nip_fabric_subnets=10.64.0.0/12\nservice_subnets=10.96.0.0/12',
    );
    expect(file).toContain('ip_fabric_forwarding=False\nip_fabric_snat=True');
    expect(file).not.toContain('kubernetes_api_server');
    const script = (plan().objects?.[2] as V1StatefulSet).spec?.template.spec?.containers[0]?.command?.[2];
    expect(script).toContain('"kubernetes_api_server=${KUBERNETES_SERVICE_HOST}"');
    expect(script).toContain('"token=$(cat /var/run/secrets/kubernetes.io/serviceaccount/token)"');
    expect(script).toContain('"rabbit_user=${user}"');
  });

  it('writes the spec’s own cluster settings', () => {
    const object = kubemanager({
      kubernetesAPIServer: '10.0.0.1',
      kubernetesAPISSLPort: 6443,
      podSubnets: '10.48.0.0/12',
      kubernetesTokenFile: '/etc/token',
      authMode: 'keystone',
    });
    const file = data(object)['kubemanager.10.1.0.1'] ?? '';
    expect(file).toContain('kubernetes_api_server=10.0.0.1');
    expect(file).toContain('kubernetes_api_secure_port=6443');
    expect(file).toContain('pod_subnets=10.48.0.0/12');
    expect(data(object)['vnc.10.1.0.1']).toContain('AUTHN_TYPE=keystone');
    const script = (plan(object).objects?.[2] as V1StatefulSet).spec?.template.spec?.containers[0]
      ?.command?.[2];
    expect(script).not.toContain('KUBERNETES_SERVICE_HOST');
    expect(script).toContain('$(cat /etc/token)');
  });

  it('binds its ServiceAccount to a ClusterRole of its own to read what it maps, as upstream binds one', () => {
    const objects = plan().objects ?? [];
    const name = 'contrail-kubemanager-ns-kubemanager1';
    expect(objects.find((o) => o.kind === 'ClusterRole')).toMatchObject({
      metadata: { name },
      rules: expect.arrayContaining([
        {
          apiGroups: [''],
          resources: expect.arrayContaining(['pods', 'namespaces', 'services']) as unknown,
          verbs: ['get', 'list', 'watch'],
        },
      ]) as unknown,
    });
    expect(objects.find((o) => o.kind === 'ClusterRoleBinding')).toMatchObject({
      metadata: { name },
      roleRef: { kind: 'ClusterRole', name },
      subjects: [{ kind: 'ServiceAccount', name: 'kubemanager1-kubemanager', namespace: 'ns' }],
    });
  });
});
