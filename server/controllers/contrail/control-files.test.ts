import type { V1Pod, V1StatefulSet } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { Cassandra } from '../../types/crds/cassandra';
import type { Config } from '../../types/crds/config';
import type { Control } from '../../types/crds/control';
import type { Rabbitmq } from '../../types/crds/rabbitmq';
import { testCertificates } from './component-test-peers';
import { controlKind } from './control-kind';
import { controlFiles } from './control-files';
import { planComponent } from './plan-component';

const now = new Date('2026-12-01T10:00:00Z');
const meta = (name: string) => ({ name, namespace: 'ns', labels: { contrail_cluster: 'cluster1' } });

const control = (serviceConfiguration: Control['spec']['serviceConfiguration'] = {}): Control => ({
  apiVersion: 'contrail.juniper.net/v1alpha1',
  kind: 'Control',
  metadata: { ...meta('control1'), uid: 'k1', generation: 1 },
  spec: {
    commonConfiguration: { replicas: 2 },
    serviceConfiguration: { cassandraInstance: 'cassandra1', ...serviceConfiguration },
  },
});
const peers = {
  cassandra: { ips: ['10.0.0.1'], port: 9160, cqlPort: 9042, jmxPort: 7200 },
  rabbitmq: { ips: ['10.0.2.1', '10.0.2.2'], sslPort: 15673, secret: 'rabbitmq1-secret' },
  config: { ips: ['10.0.3.1', '10.0.3.2'], apiPort: 8082, analyticsPort: 8081, collectorPort: 8086 },
};
const pods = [
  { name: 'control1-control-statefulset-0', ordinal: 0, ip: '10.1.0.1', ready: true },
  { name: 'control1-control-statefulset-1', ordinal: 1, ip: '10.1.0.2', ready: true },
];

function line(file: string | undefined, key: string): string | undefined {
  return (file ?? '')
    .split('\n')
    .find((l) => l.startsWith(`${key}=`))
    ?.slice(key.length + 1);
}

describe('controlFiles', () => {
  const data = controlFiles(control(), pods, peers);

  it("renders upstream's per-pod keys", () => {
    expect(Object.keys(data).sort()).toEqual(
      ['control', 'dns', 'named', 'nodemanager', 'provision.sh', 'vnc']
        .flatMap((file) => [`${file}.10.1.0.1`, `${file}.10.1.0.2`])
        .sort(),
    );
  });

  it.each([
    ['control.10.1.0.1', 'bgp_port', '179'],
    ['control.10.1.0.1', 'xmpp_server_port', '5269'],
    ['control.10.1.0.1', 'hostip', '10.1.0.1'],
    ['control.10.1.0.1', 'collectors', '10.0.3.1:8086 10.0.3.2:8086'],
    ['control.10.1.0.1', 'config_db_server_list', '10.0.0.1:9042'],
    ['control.10.1.0.1', 'rabbitmq_server_list', '10.0.2.1:15673 10.0.2.2:15673'],
    ['dns.10.1.0.2', 'dns_server_port', '53'],
    ['dns.10.1.0.2', 'named_config_file', '/etc/contrailconfigmaps/named.10.1.0.2'],
    ['nodemanager.10.1.0.1', 'db_jmx_port', '7200'],
  ])('%s %s = %s', (file, key, expected) => expect(line(data[file], key)).toBe(expected));

  it("takes the spec's BGP and XMPP ports and ASN, which upstream's template ignored", () => {
    const custom = controlFiles(control({ bgpPort: 1179, xmppPort: 15269, asnNumber: 65001 }), pods, peers);
    expect(line(custom['control.10.1.0.1'], 'bgp_port')).toBe('1179');
    expect(line(custom['control.10.1.0.1'], 'xmpp_server_port')).toBe('15269');
    expect(custom['provision.sh.10.1.0.1']).toContain('--router_asn 65001 --bgp_server_port 1179');
  });

  it('registers with the Config APIs in turn, and keeps keys and credentials out', () => {
    expect(data['provision.sh.10.1.0.1']).toContain('for server in 10.0.3.1 10.0.3.2; do');
    expect(data['named.10.1.0.1']).toContain('include "/etc/contrail/dns/rndc.key";');
    for (const text of Object.values(data)) expect(text).not.toMatch(/secret "|password/);
  });
});

describe('planComponent (Control)', () => {
  /** An active peer of the cluster with these pod IPs. */
  const peer = (kind: string, name: string, status: object) => ({
    apiVersion: 'contrail.juniper.net/v1alpha1' as const,
    kind,
    metadata: meta(name),
    spec: { serviceConfiguration: {} },
    status: { active: true, ...status },
  });
  const activePeers = {
    cassandra: peer('Cassandra', 'cassandra1', { nodes: { c0: '10.0.0.1' } }) as Cassandra,
    rabbitmq: peer('Rabbitmq', 'rabbitmq1', { nodes: { r0: '10.0.2.1' }, secret: 's' }) as Rabbitmq,
    config: peer('Config', 'config1', { nodes: { k0: '10.0.3.1' } }) as Config,
  };
  const pod = (ordinal: number, ready: boolean): V1Pod => ({
    metadata: { name: `control1-control-statefulset-${ordinal}` },
    status: {
      podIP: `10.1.0.${ordinal + 1}`,
      conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }],
    },
  });
  const plan = (ready: boolean[], peerChange: object = {}) =>
    planComponent(
      controlKind,
      {
        object: control(),
        pods: ready.map((r, i) => pod(i, r)),
        service: { spec: { clusterIP: '10.96.0.3' } },
        configMap: undefined,
        peers: { ...activePeers, ...peerChange },
        certificates: testCertificates,
      },
      now,
    );

  it.each([
    [[true, true], true, 'Active'],
    [[true, false], false, 'PodsNotReady'],
  ])('with pods ready %j: active %s (upstream: every pod)', (ready, active, reason) => {
    const { status: s } = plan(ready);
    expect(s.active).toBe(active);
    expect(s.conditions?.[0]?.reason).toBe(reason);
  });

  it('waits for the cluster’s Config', () => {
    const waiting = plan([true, true], { config: undefined });
    expect(waiting.objects).toBeUndefined();
    expect(waiting.status.conditions?.[0]).toMatchObject({
      reason: 'WaitingForPeers',
      message: 'config of cluster cluster1 does not exist',
    });
  });

  it("runs upstream's containers, reports upstream's ports, and gives named and dns one folder", () => {
    const { objects, status: s } = plan([true, true]);
    const spec = (objects?.find((o) => o.kind === 'StatefulSet') as V1StatefulSet).spec?.template.spec;
    expect(spec?.containers.map((c) => c.name)).toEqual(['control', 'dns', 'named', 'nodemanager']);
    expect(spec?.volumes?.map((v) => v.name)).toEqual(['config', 'certificates', 'ca-certificate', 'named']);
    expect(s).toHaveProperty('ports', {
      bgpPort: '179',
      asnNumber: '64512',
      xmppPort: '5269',
      dnsPort: '53',
      dnsIntrospectPort: '8092',
    });
  });
});
