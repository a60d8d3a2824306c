import type { V1ConfigMap, V1Service, V1StatefulSet } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { Webui } from '../../types/crds/webui';
import { NO_MEMBERS } from './component-peers';
import { componentMeta, observe, testPeers, testPod } from './component-test-peers';
import { planComponent } from './plan-component';
import { webuiKind } from './webui-kind';

const now = new Date('2026-12-01T10:00:00Z');

function webui(serviceConfiguration: Webui['spec']['serviceConfiguration'] = {}): Webui {
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Webui',
    metadata: componentMeta('webui1', 'w1'),
    spec: {
      commonConfiguration: { replicas: 2 },
      serviceConfiguration: { cassandraInstance: 'cassandra1', ...serviceConfiguration },
    },
  };
}

const pods = (ready = [true, true]) => ready.map((r, i) => testPod('webui1-webui', i, r));
const plan = (object = webui(), change = {}) =>
  planComponent(webuiKind, observe(object, pods(), change), now);

describe('planComponent (Webui)', () => {
  it.each<[string, Parameters<typeof observe>[2], boolean, string, string]>([
    ['every pod ready', {}, true, 'Active', '2 of 2 pods ready'],
    [
      'one pod not ready',
      { pods: pods([false, true]) },
      false,
      'PodsNotReady',
      '1 of 2 pods ready; all must be',
    ],
    [
      'no cluster IP yet',
      { service: undefined },
      true,
      'WaitingForService',
      'service webui1-webui has no cluster IP yet',
    ],
    [
      'Config not active',
      { peers: { ...testPeers, config: { ...testPeers.config, status: { active: false } } } },
      false,
      'WaitingForPeers',
      'config of cluster cluster1 is not active yet',
    ],
  ])('with %s: active %s, %s', (_case, change, active, reason, message) => {
    const { status, objects } = planComponent(webuiKind, observe(webui(), pods(), change), now);
    expect(status.active).toBe(active);
    expect(status.conditions?.[0]).toMatchObject({ reason, message });
    if (reason !== 'WaitingForPeers')
      expect(objects?.map((o) => o.kind)).toEqual(['ConfigMap', 'Service', 'StatefulSet', 'Secret']);
  });

  it("reports upstream's ports as numbers and the Service's cluster IP", () => {
    expect(plan().status).toMatchObject({
      ports: { webUIHttpPort: 8180, webUIHttpsPort: 8143, redisPort: 6380 },
      endpoint: '10.96.0.9',
    });
    const service = plan().objects?.[1] as V1Service;
    expect(service.spec?.ports?.map((p) => p.port)).toEqual([8143]);
  });

  it("runs upstream's web server, job server and Redis, the web server ready when it answers", () => {
    const spec = (plan().objects?.[2] as V1StatefulSet).spec?.template.spec;
    expect(spec?.containers.map((c) => c.name)).toEqual(['webuiweb', 'webuijob', 'redis']);
    const [web, job, redis] = spec?.containers ?? [];
    expect(web?.readinessProbe?.httpGet).toEqual({ path: '/', port: 8143, scheme: 'HTTPS' });
    expect(web?.command?.[2]).toContain('webServerStart.js --conf_file /etc/contrail/config.global.js');
    expect(job?.command?.[2]).toContain('jobServerStart.js');
    expect(redis?.command?.[2]).toContain('--port 6380');
    expect(web?.envFrom).toBeUndefined();
    expect(web?.env?.map((e) => e.name)).toEqual(['POD_IP']);
  });

  it('hands the admin password from keystoneSecretName to the servers by the environment only', () => {
    const object = webui({ keystoneSecretName: 'keystone-admin' });
    const result = plan(object);
    const web = (result.objects?.[2] as V1StatefulSet).spec?.template.spec?.containers[0];
    expect(web?.env?.[1]).toEqual({
      name: 'WEBUI_ADMIN_PASSWORD',
      valueFrom: { secretKeyRef: { name: 'keystone-admin', key: 'password' } },
    });
    const data = (result.objects?.[0] as V1ConfigMap).data ?? {};
    expect(data['config.global.js.10.1.0.1']).toContain('password: process.env.WEBUI_ADMIN_PASSWORD');
    expect(data['contrail-webui-userauth.js']).toContain(
      'auth.admin_password = process.env.WEBUI_ADMIN_PASSWORD;',
    );
  });
});

describe('the web UI’s files', () => {
  const data = (change = {}) => (plan(webui(), change).objects?.[0] as V1ConfigMap).data ?? {};

  it('points at Config’s API and analytics, Cassandra’s CQL port and the Controls’ DNS', () => {
    const file = data()['config.global.js.10.1.0.2'] ?? '';
    expect(file).toContain(
      "config.cnfg = { server_ip: ['10.0.3.1'], server_port: '8082', authProtocol: 'https'",
    );
    expect(file).toContain("config.analytics = { server_ip: ['10.0.3.1'], server_port: '8081'");
    expect(file).toContain("config.cassandra = { server_ips: ['10.0.0.1', '10.0.0.2'], server_port: '9042'");
    expect(file).toContain("config.dns = { server_ip: ['10.0.4.1'], server_port: '8092'");
    expect(file).toContain("config.redis_server_port = '6380';");
    expect(file).toContain('config.staticAuth = [];');
    expect(Object.keys(data()).sort()).toEqual([
      'config.global.js.10.1.0.1',
      'config.global.js.10.1.0.2',
      'contrail-webui-userauth.js',
    ]);
  });

  it('lists no DNS server while its cluster has no Control, and reports none given', () => {
    expect(data({ members: NO_MEMBERS })['config.global.js.10.1.0.1']).toContain(
      "config.dns = { server_ip: [], server_port: '8092'",
    );
    expect(plan(webui(), { members: NO_MEMBERS }).status).toMatchObject({ membersRendered: [] });
  });

  it('reports the Control pods whose addresses it gave as DNS servers', () => {
    expect(plan().status).toMatchObject({ membersRendered: ['control1-control-statefulset-0'] });
  });
});
