import { describe, expect, it } from 'vitest';
import type { Config } from '../../types/crds/config';
import { configFiles, configSettings, ini } from './config-files';
import type { ServicePod } from './service-pods';

const config = (serviceConfiguration: Config['spec']['serviceConfiguration'] = {}): Config => ({
  apiVersion: 'contrail.juniper.net/v1alpha1',
  kind: 'Config',
  metadata: { name: 'config1', namespace: 'ns' },
  spec: { serviceConfiguration },
});
const pods: ServicePod[] = [
  { name: 'c-1', ordinal: 1, ip: '10.1.0.9', ready: true },
  { name: 'c-0', ordinal: 0, ip: '10.1.0.10', ready: true },
];
const peers = {
  cassandra: { ips: ['10.0.0.1', '10.0.0.2'], port: 9160, cqlPort: 9042, jmxPort: 7200 },
  zookeeper: { ips: ['10.0.1.1', '10.0.1.2'], clientPort: 2181 },
  rabbitmq: { ips: ['10.0.2.1'], sslPort: 15673, secret: 'rabbitmq1-secret' },
};

/** One `key=value` of an INI file's section. */
function value(file: string | undefined, section: string, key: string): string | undefined {
  const body = (file ?? '').split(`[${section}]\n`)[1]?.split('\n\n')[0] ?? '';
  return body
    .split('\n')
    .find((line) => line.startsWith(`${key}=`))
    ?.slice(key.length + 1);
}

describe('configFiles', () => {
  const data = configFiles(config(), pods, peers);

  it("renders upstream's per-pod keys for every pod with an IP", () => {
    const files = [
      'api',
      'vnc',
      'devicemanager',
      'dnsmasq',
      'schematransformer',
      'servicemonitor',
      'analyticsapi',
      'collector',
      'queryengine',
      'nodemanagerconfig',
      'nodemanageranalytics',
    ];
    expect(Object.keys(data).sort()).toEqual(
      files.flatMap((file) => [`${file}.10.1.0.10`, `${file}.10.1.0.9`]).sort(),
    );
  });

  it.each([
    ['api.10.1.0.9', 'DEFAULTS', 'cassandra_server_list', '10.0.0.1:9160 10.0.0.2:9160'],
    ['api.10.1.0.9', 'DEFAULTS', 'zk_server_ip', '10.0.1.1:2181,10.0.1.2:2181'],
    ['api.10.1.0.9', 'DEFAULTS', 'rabbit_server', '10.0.2.1:15673'],
    ['api.10.1.0.9', 'DEFAULTS', 'listen_port', '8082'],
    ['api.10.1.0.9', 'DEFAULTS', 'aaa_mode', 'no-auth'],
    // Upstream sorts the pod IPs as strings, so every pod renders the same lists.
    ['api.10.1.0.9', 'DEFAULTS', 'collectors', '10.1.0.10:8086 10.1.0.9:8086'],
    ['schematransformer.10.1.0.9', 'DEFAULTS', 'api_server_ip', '10.1.0.10,10.1.0.9'],
    ['devicemanager.10.1.0.9', 'DEFAULTS', 'host_ip', '10.1.0.9'],
    ['collector.10.1.0.9', 'DEFAULT', 'cassandra_server_list', '10.0.0.1:9042 10.0.0.2:9042'],
    ['collector.10.1.0.9', 'DEFAULT', 'analytics_data_ttl', '48'],
    ['analyticsapi.10.1.0.9', 'DEFAULTS', 'zk_list', '10.0.1.1:2181 10.0.1.2:2181'],
    ['nodemanagerconfig.10.1.0.9', 'DEFAULTS', 'db_jmx_port', '7200'],
    ['vnc.10.1.0.9', 'global', 'WEB_SERVER', '10.1.0.9'],
  ])('%s [%s] %s = %s', (file, section, key, expected) => {
    expect(value(data[file], section, key)).toBe(expected);
  });

  it('writes no RabbitMQ credentials into the ConfigMap', () => {
    for (const text of Object.values(data)) expect(text).not.toMatch(/password|rabbit_user/);
  });

  it("takes the spec's ports, TTLs, fabric address and modes", () => {
    const custom = configFiles(
      config({ apiPort: 9082, analyticsDataTTL: 12, fabricMgmtIP: '192.0.2.1', authMode: 'keystone' }),
      pods.slice(0, 1),
      peers,
    );
    expect(value(custom['api.10.1.0.9'], 'DEFAULTS', 'listen_port')).toBe('9082');
    expect(value(custom['api.10.1.0.9'], 'DEFAULTS', 'aaa_mode')).toBe('rbac');
    expect(value(custom['collector.10.1.0.9'], 'DEFAULT', 'analytics_data_ttl')).toBe('12');
    expect(value(custom['devicemanager.10.1.0.9'], 'DEFAULTS', 'host_ip')).toBe('192.0.2.1');
  });
});

describe('configSettings', () => {
  it("defaults as upstream's", () => {
    expect(configSettings(config())).toMatchObject({
      logLevel: 'SYS_NOTICE',
      authMode: 'noauth',
      aaaMode: 'no-auth',
      ttl: {
        analyticsDataTTL: 48,
        analyticsConfigAuditTTL: 2160,
        analyticsStatisticsTTL: 4,
        analyticsFlowTTL: 2,
      },
    });
  });
});

describe('ini', () => {
  it('writes sections in order with key=value lines', () => {
    expect(ini({ A: { x: 1, y: true }, B: { z: 'w' } })).toBe('[A]\nx=1\ny=true\n\n[B]\nz=w\n');
  });
});
