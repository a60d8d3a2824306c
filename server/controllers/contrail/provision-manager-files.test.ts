import type { V1ConfigMap, V1StatefulSet } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ProvisionManager } from '../../types/crds/provision-manager';
import { componentMeta, observe, testMembers, testPeers, testPod } from './component-test-peers';
import { planComponent } from './plan-component';
import { nodeListYaml } from './provision-manager-files';
import { provisionManagerKind } from './provision-manager-kind';

const now = new Date('2026-12-01T10:00:00Z');

function provisionManager(
  serviceConfiguration: ProvisionManager['spec']['serviceConfiguration'] = {},
): ProvisionManager {
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'ProvisionManager',
    metadata: componentMeta('provmanager1', 'p1'),
    spec: { commonConfiguration: { replicas: 1 }, serviceConfiguration },
  };
}

const pods = (ready = [true]) => ready.map((r, i) => testPod('provmanager1-provisionmanager', i, r));
const plan = (object = provisionManager(), change = {}) =>
  planComponent(provisionManagerKind, observe(object, pods(), change), now);
const data = (object = provisionManager(), change = {}) =>
  (plan(object, change).objects?.[0] as V1ConfigMap).data ?? {};

describe('planComponent (ProvisionManager)', () => {
  it.each<[string, Parameters<typeof observe>[2], boolean, 'True' | 'False', string]>([
    // Ready once active: Config's API serves TLS, which the provisioner reaches with its certificate.
    ['its pod ready', {}, true, 'True', 'Active'],
    ['its pod not ready', { pods: pods([false]) }, false, 'False', 'PodsNotReady'],
    ['no Service (it has none)', { service: undefined }, true, 'True', 'Active'],
    // Only Config is waited for: the node lists are written from whatever the cluster has.
    ['Cassandra not active', { peers: { ...testPeers, cassandra: undefined } }, true, 'True', 'Active'],
    [
      'Config not active',
      { peers: { ...testPeers, config: { ...testPeers.config, status: { active: false } } } },
      false,
      'False',
      'WaitingForPeers',
    ],
  ])('with %s: active %s, Ready %s (%s)', (_case, change, active, ready, reason) => {
    const { status } = planComponent(provisionManagerKind, observe(provisionManager(), pods(), change), now);
    expect(status.active).toBe(active);
    expect(status.conditions?.[0]).toMatchObject({ status: ready, reason });
  });

  it('runs the provisioner on the files it renders, watching them', () => {
    const objects = plan().objects ?? [];
    expect(objects.map((o) => o.kind)).toEqual(['ConfigMap', 'StatefulSet', 'Secret']);
    const script = (objects[1] as V1StatefulSet).spec?.template.spec?.containers[0]?.command?.[2] ?? '';
    const keys = Object.keys((objects[0] as V1ConfigMap).data ?? {});
    for (const [, file] of script.matchAll(/\/etc\/contrailconfigmaps\/(\S+)/g))
      expect(keys).toContain((file ?? '').replace('${POD_IP}', '10.1.0.1'));
    expect(script).toMatch(/-mode watch$/);
  });
});

describe('the provisioner’s files', () => {
  it('lists each kind of node with its host name, Control with its AS and data address', () => {
    const files = data();
    expect(parse(files['confignodes.yaml'] ?? '')).toEqual([{ ipAddress: '10.0.3.1', hostname: 'node-a' }]);
    expect(parse(files['analyticsnodes.yaml'] ?? '')).toEqual(parse(files['confignodes.yaml'] ?? ''));
    expect(parse(files['controlnodes.yaml'] ?? '')).toEqual([
      { ipAddress: '192.168.0.1', hostname: 'node-a', asn: 64512 },
    ]);
    expect(parse(files['vrouternodes.yaml'] ?? '')).toEqual([{ ipAddress: '10.10.0.7', hostname: 'node-c' }]);
    expect(parse(files['databasenodes.yaml'] ?? '')).toEqual([
      { ipAddress: '10.0.0.1', hostname: 'node-a' },
      { ipAddress: '10.0.0.2', hostname: 'node-b' },
    ]);
    expect(parse(files['apiserver-10.1.0.1.yaml'] ?? '')).toEqual({
      apiPort: '8082',
      apiServerList: ['10.0.3.1:8082'],
      // The pod's own certificate and key, and the CA, where its certificate Secret is mounted.
      encryption: {
        ca: '/etc/ssl/certs/kubernetes/ca-bundle.crt',
        cert: '/etc/certificates/server-10.1.0.1.crt',
        key: '/etc/certificates/server-key-10.1.0.1.pem',
        insecure: false,
      },
    });
    expect(files.managed_by).toBe('provmanager1-provisionmanager');
  });

  it('leaves out a pod whose host is not known yet', () => {
    const members = { ...testMembers, hostnames: { c1: 'node-a' } };
    const files = data(provisionManager(), { members });
    expect(parse(files['databasenodes.yaml'] ?? '')).toEqual([{ ipAddress: '10.0.0.1', hostname: 'node-a' }]);
    expect(parse(files['vrouternodes.yaml'] ?? '')).toEqual([]);
  });

  it('reports the Control and vRouter pods its node lists carry, and not one whose host is not known', () => {
    expect(plan().status).toMatchObject({
      membersRendered: ['control1-control-statefulset-0', 'vrouter-vr1-abcde'],
    });
    const { 'vrouter-vr1-abcde': _unknown, ...hostnames } = testMembers.hostnames;
    const { status } = plan(provisionManager(), { members: { ...testMembers, hostnames } });
    expect(status).toMatchObject({ membersRendered: ['control1-control-statefulset-0'] });
  });

  it('keeps reporting what it last gave while it waits for Config, which leaves its ConfigMap as it is', () => {
    const object = { ...provisionManager(), status: { membersRendered: ['vrouter-vr1-old'] } };
    const waiting = { peers: { ...testPeers, config: { ...testPeers.config, status: { active: false } } } };
    expect(plan(object, waiting).status).toMatchObject({ membersRendered: ['vrouter-vr1-old'] });
    expect(plan(provisionManager(), waiting).status).not.toHaveProperty('membersRendered');
  });

  it.each([
    [
      'nothing given: upstream’s defaults',
      {},
      {
        encapPriority: 'VXLAN,MPLSoGRE,MPLSoUDP',
        vxlanNetworkIdentifierMode: 'automatic',
        ecmpHashingIncludeFields: { hashingConfigured: true, sourcePort: true, destinationPort: true },
      },
    ],
    [
      'its own',
      { encapPriority: 'MPLSoUDP', ecmpHashingIncludeFields: { sourceIp: true } },
      { encapPriority: 'MPLSoUDP', ecmpHashingIncludeFields: { sourceIp: true } },
    ],
  ])('writes the global vRouter settings, %s', (_case, globalVrouterConfiguration, expected) => {
    const files = data(provisionManager({ globalVrouterConfiguration }));
    expect(JSON.parse(files['globalvrouter.json'] ?? '')).toMatchObject(expected);
  });
});

describe('nodeListYaml', () => {
  it.each([
    ['no node', []],
    ['addresses and host names', [{ ipAddress: '10.0.0.1', hostname: 'node-a' }]],
    ['a Control with its AS', [{ ipAddress: '192.168.0.1', hostname: 'node-a', asn: 64512 }]],
    [
      'host names YAML would read as other types or structure',
      [
        { ipAddress: '10.0.0.2', hostname: 'yes' },
        { ipAddress: '10.0.0.3', hostname: 'null' },
        { ipAddress: '10.0.0.4', hostname: '0x1F' },
        { ipAddress: '10.0.0.5', hostname: 'a: b # c' },
        { ipAddress: '10.0.0.6', hostname: '- [x] {y} "q" \\ \'s\' \t\n ü' },
        { ipAddress: '', hostname: '' },
      ],
    ],
  ])('%s: reads back as the nodes given', (_case, nodes) => {
    expect(parse(nodeListYaml(nodes))).toEqual(nodes);
  });

  it('writes a block sequence, one mapping per node, as upstream’s files are', () => {
    expect(nodeListYaml([{ ipAddress: '10.0.0.1', hostname: 'node-a', asn: 64512 }])).toBe(
      '- ipAddress: "10.0.0.1"\n  hostname: "node-a"\n  asn: 64512\n',
    );
  });
});
