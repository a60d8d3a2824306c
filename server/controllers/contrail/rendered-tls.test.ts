/**
 * The TLS part of every Contrail renderer, as upstream turns it on: which switches each program's
 * file sets, and that every certificate, key and CA path a pod's file names is that pod's own (the
 * files the certificate Secret mounts for it), never another pod's.
 */
import type { V1StatefulSet } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Config } from '../../types/crds/config';
import type { Control } from '../../types/crds/control';
import type { Kubemanager } from '../../types/crds/kubemanager';
import type { Webui } from '../../types/crds/webui';
import { parseIni } from '../../../tests/config/ini-options';
import { NO_MEMBERS, type Endpoints } from './component-peers';
import { testCertificates } from './component-test-peers';
import { configFiles } from './config-files';
import { controlFiles } from './control-files';
import { KEYSTORE_PASSWORD_MARK, TRUSTSTORE_PASSWORD_MARK } from './data-service-config';
import { cassandraKind, rabbitmqKind, zookeeperKind, type DataServiceKind } from './data-service-kinds';
import { kubemanagerFiles } from './kubemanager-files';
import { planDataService } from './plan-data-service';
import { renderAgentConfig, renderNodemanagerConfig } from './render-vrouter-agent';
import { webuiFiles } from './webui-files';
import type { ServicePod } from './service-pods';

const CA = '/etc/ssl/certs/kubernetes/ca-bundle.crt';
const own = (ip: string) => ({
  certificate: `/etc/certificates/server-${ip}.crt`,
  key: `/etc/certificates/server-key-${ip}.pem`,
});
const pods: ServicePod[] = [
  { name: 'x-0', ordinal: 0, ip: '10.1.0.1', ready: true },
  { name: 'x-1', ordinal: 1, ip: '10.1.0.2', ready: true },
];
const peers: Endpoints = {
  cassandra: { ips: ['10.0.0.1'], port: 9160, cqlPort: 9042, jmxPort: 7200 },
  zookeeper: { ips: ['10.0.1.1'], clientPort: 2181 },
  rabbitmq: { ips: ['10.0.2.1', '10.0.2.2'], sslPort: 15673, secret: 'rabbitmq1-secret' },
  config: { ips: ['10.0.3.1'], apiPort: 8082, analyticsPort: 8081, collectorPort: 8086 },
  control: { ips: ['10.0.4.1', '10.0.4.2'], xmppPort: 5269, dnsPort: 53 },
};
const spec = (kind: string) => ({
  apiVersion: 'contrail.juniper.net/v1alpha1',
  kind,
  metadata: { name: `${kind.toLowerCase()}1`, namespace: 'ns', uid: 'u1' },
  spec: { commonConfiguration: { replicas: 2 }, serviceConfiguration: {} },
});

const config = configFiles(spec('Config') as Config, pods, peers);
const control = controlFiles(spec('Control') as Control, pods, peers);
const kubemanager = kubemanagerFiles(spec('Kubemanager') as Kubemanager, pods, peers);
const webui = webuiFiles(spec('Webui') as Webui, pods, peers, NO_MEMBERS);
const vrouter = Object.fromEntries(
  pods.flatMap(({ ip: podIp }) => [
    [
      `vrouter.${podIp}`,
      renderAgentConfig([], { podIp, tls: true, control: peers.control, config: peers.config }),
    ],
    [`nodemanager.${podIp}`, renderNodemanagerConfig(podIp, true, peers.config)],
  ]),
);

/** `section.key` → value of one rendered INI file. */
function settings(text: string | undefined): Record<string, string> {
  return Object.fromEntries(
    parseIni(text ?? '', false).entries.map(({ section, key, value }) => [`${section}.${key}`, value]),
  );
}

const ip = '10.1.0.2';
const { certificate, key } = own(ip);

describe('Config, Control, Kubemanager and the vRouter agent: TLS switches as upstream sets them', () => {
  it.each<[string, Record<string, string>, string, string]>([
    // The API serves TLS with the pod's certificate, and every client of it uses TLS.
    [`api.${ip}`, config, 'DEFAULTS.config_api_ssl_enable', 'True'],
    [`api.${ip}`, config, 'DEFAULTS.config_api_ssl_certfile', certificate],
    [`api.${ip}`, config, 'DEFAULTS.config_api_ssl_keyfile', key],
    [`api.${ip}`, config, 'DEFAULTS.config_api_ssl_ca_cert', CA],
    [`vnc.${ip}`, config, 'global.use_ssl', 'True'],
    [`vnc.${ip}`, config, 'global.cafile', CA],
    [`devicemanager.${ip}`, config, 'DEFAULTS.api_server_use_ssl', 'True'],
    [`schematransformer.${ip}`, config, 'DEFAULTS.api_server_use_ssl', 'True'],
    [`schematransformer.${ip}`, config, 'SECURITY.use_certs', 'True'],
    [`servicemonitor.${ip}`, config, 'SECURITY.certfile', certificate],
    [`servicemonitor.${ip}`, config, 'DEFAULTS.analytics_api_ssl_enable', 'True'],
    [`analyticsapi.${ip}`, config, 'DEFAULTS.analytics_api_ssl_enable', 'True'],
    [`analyticsapi.${ip}`, config, 'DEFAULTS.api_server_use_ssl', 'True'],
    [`collector.${ip}`, config, 'API_SERVER.api_server_use_ssl', 'True'],
    // RabbitMQ on its TLS listener, with the pod's certificate as the client's.
    [`api.${ip}`, config, 'DEFAULTS.rabbit_server', '10.0.2.1:15673,10.0.2.2:15673'],
    [`api.${ip}`, config, 'DEFAULTS.rabbit_use_ssl', 'True'],
    [`api.${ip}`, config, 'DEFAULTS.kombu_ssl_certfile', certificate],
    [`api.${ip}`, config, 'DEFAULTS.kombu_ssl_version', 'tlsv1_2'],
    [`collector.${ip}`, config, 'CONFIGDB.rabbitmq_server_list', '10.0.2.1:15673 10.0.2.2:15673'],
    [`collector.${ip}`, config, 'CONFIGDB.rabbitmq_use_ssl', 'True'],
    [`control.${ip}`, control, 'CONFIGDB.rabbitmq_use_ssl', 'True'],
    [`control.${ip}`, control, 'CONFIGDB.rabbitmq_ssl_keyfile', key],
    [`kubemanager.${ip}`, kubemanager, 'VNC.rabbit_port', '15673'],
    [`kubemanager.${ip}`, kubemanager, 'VNC.rabbit_use_ssl', 'True'],
    // Cassandra's clients over TLS, trusting the CA.
    [`api.${ip}`, config, 'DEFAULTS.cassandra_use_ssl', 'True'],
    [`api.${ip}`, config, 'DEFAULTS.cassandra_ca_certs', CA],
    [`collector.${ip}`, config, 'CASSANDRA.cassandra_use_ssl', 'True'],
    [`queryengine.${ip}`, config, 'CASSANDRA.cassandra_use_ssl', 'True'],
    [`collector.${ip}`, config, 'CONFIGDB.config_db_use_ssl', 'True'],
    [`control.${ip}`, control, 'CONFIGDB.config_db_use_ssl', 'True'],
    [`kubemanager.${ip}`, kubemanager, 'VNC.cassandra_use_ssl', 'True'],
    [`nodemanagerconfig.${ip}`, config, 'DEFAULTS.db_use_ssl', 'True'],
    [`nodemanager.${ip}`, control, 'DEFAULTS.db_use_ssl', 'True'],
    // ZooKeeper stays plain, as upstream leaves it.
    [`api.${ip}`, config, 'DEFAULTS.zk_server_ip', '10.0.1.1:2181'],
    // XMPP with certificates: the agents and DNS clients must present theirs.
    [`control.${ip}`, control, 'DEFAULT.xmpp_auth_enable', 'True'],
    [`control.${ip}`, control, 'DEFAULT.xmpp_server_cert', certificate],
    [`control.${ip}`, control, 'DEFAULT.xmpp_server_key', key],
    [`control.${ip}`, control, 'DEFAULT.xmpp_ca_cert', CA],
    [`dns.${ip}`, control, 'DEFAULT.xmpp_dns_auth_enable', 'True'],
    [`dns.${ip}`, control, 'DEFAULT.xmpp_server_cert', certificate],
    [`vnc.${ip}`, control, 'global.use_ssl', 'True'],
    [`vnc.${ip}`, kubemanager, 'global.use_ssl', 'True'],
    [`vnc.${ip}`, kubemanager, 'global.cafile', CA],
    // Sandesh and introspect over TLS; the C++ programs' introspect lets a browser in without a certificate.
    [`api.${ip}`, config, 'SANDESH.sandesh_ssl_enable', 'True'],
    [`api.${ip}`, config, 'SANDESH.introspect_ssl_enable', 'True'],
    [`api.${ip}`, config, 'SANDESH.sandesh_certfile', certificate],
    [`collector.${ip}`, config, 'SANDESH.introspect_ssl_insecure', 'True'],
    [`control.${ip}`, control, 'SANDESH.introspect_ssl_insecure', 'True'],
    [`kubemanager.${ip}`, kubemanager, 'SANDESH.sandesh_keyfile', key],
    // The vRouter agent: XMPP to the control nodes and its DNS client with the pod's certificate.
    [`vrouter.${ip}`, vrouter, 'CONTROL-NODE.servers', '10.0.4.1:5269 10.0.4.2:5269'],
    [`vrouter.${ip}`, vrouter, 'DNS.servers', '10.0.4.1:53 10.0.4.2:53'],
    [`vrouter.${ip}`, vrouter, 'DEFAULT.collectors', '10.0.3.1:8086'],
    [`vrouter.${ip}`, vrouter, 'DEFAULT.xmpp_auth_enable', 'True'],
    [`vrouter.${ip}`, vrouter, 'DEFAULT.xmpp_dns_auth_enable', 'True'],
    [`vrouter.${ip}`, vrouter, 'DEFAULT.xmpp_server_cert', certificate],
    [`vrouter.${ip}`, vrouter, 'DEFAULT.xmpp_server_key', key],
    [`vrouter.${ip}`, vrouter, 'DEFAULT.xmpp_ca_cert', CA],
    [`vrouter.${ip}`, vrouter, 'SANDESH.introspect_ssl_insecure', 'True'],
    [`nodemanager.${ip}`, vrouter, 'COLLECTOR.server_list', '10.0.3.1:8086'],
    [`nodemanager.${ip}`, vrouter, 'SANDESH.sandesh_ssl_enable', 'True'],
  ])('%s: %s = %s', (file, files, setting, expected) => {
    expect(settings(files[file])[setting]).toBe(expected);
  });

  it('leaves introspect_ssl_insecure out of the Python programs, which do not read it', () => {
    for (const file of [`api.${ip}`, `schematransformer.${ip}`, `nodemanagerconfig.${ip}`])
      expect(settings(config[file])['SANDESH.introspect_ssl_insecure']).toBeUndefined();
  });

  it.each([
    ['Config', config],
    ['Control', control],
    ['Kubemanager', kubemanager],
    ['Vrouter', vrouter],
  ])(
    "%s: every certificate, key and CA path of a pod's files is that pod's own or the CA",
    (_kind, files) => {
      const pathValued = /(cert|certs|certfile|keyfile|key|ca_cert|cafile)$/;
      let checked = 0;
      for (const pod of pods) {
        const mine = [own(pod.ip).certificate, own(pod.ip).key, CA];
        for (const [name, text] of Object.entries(files)) {
          if (!name.endsWith(`.${pod.ip}`) || name.startsWith('named.') || name.startsWith('provision.sh'))
            continue;
          for (const [setting, value] of Object.entries(settings(text)))
            if (pathValued.test(setting) && value.startsWith('/')) {
              expect(mine, `${name} ${setting}`).toContain(value);
              checked += 1;
            }
        }
      }
      expect(checked).toBeGreaterThan(0);
    },
  );

  it("registers the Control pod with Config's API over TLS", () => {
    expect(control[`provision.sh.${ip}`]).toContain('--api_server_use_ssl true');
  });
});

describe('Webui: HTTPS as upstream serves it', () => {
  const file = webui[`config.global.js.${ip}`] ?? '';
  it.each([
    `config.server_options = { key_file: '${key}', cert_file: '${certificate}' };`,
    'config.insecure_access = false;',
    "server_port: '8082', authProtocol: 'https'",
    "server_port: '8081', authProtocol: 'https'",
    `config.introspect = { ssl: { enabled: true, key: '${key}', cert: '${certificate}', ca: '${CA}', strictSSL: false } };`,
    `use_ssl: true, ca_certs: '${CA}' };`,
  ])('config.global.js has %s', (line) => expect(file).toContain(line));
});

function dataService(kind: DataServiceKind, object: unknown, tls: boolean) {
  return planDataService(
    kind,
    {
      object: object as never,
      pods: pods.map((pod) => ({
        metadata: { name: `p-${pod.ordinal}` },
        status: { podIP: pod.ip, conditions: [{ type: 'Ready', status: 'True' }] },
      })),
      statefulSet: undefined,
      service: undefined,
      secret: undefined,
      certificates: tls ? testCertificates : undefined,
    },
    new Date('2026-12-01T10:00:00Z'),
  );
}
const configMapOf = (plan: ReturnType<typeof dataService>) =>
  (plan.objects.find((o) => o.kind === 'ConfigMap') as { data: Record<string, string> }).data;
const podSpecOf = (plan: ReturnType<typeof dataService>) =>
  (plan.objects.find((o) => o.kind === 'StatefulSet') as V1StatefulSet).spec?.template.spec;

describe('RabbitMQ, Cassandra and ZooKeeper: TLS as upstream', () => {
  const rabbitmq = dataService(rabbitmqKind, spec('Rabbitmq'), true);
  const cassandra = dataService(cassandraKind, spec('Cassandra'), true);
  const zookeeper = dataService(zookeeperKind, spec('Zookeeper'), false);

  it.each([
    `listeners.ssl.default = ${ip}:15673`,
    `ssl_options.certfile = ${certificate}`,
    `ssl_options.keyfile = ${key}`,
    `ssl_options.cacertfile = ${CA}`,
    'ssl_options.verify = verify_peer',
    'ssl_options.fail_if_no_peer_cert = true',
  ])('RabbitMQ listens in TLS with its own certificate: %s', (line) => {
    expect(configMapOf(rabbitmq)[`rabbitmq-${ip}.conf`]?.split('\n')).toContain(line);
  });

  it("encrypts Cassandra's client and node traffic, its passwords left to the pod", () => {
    const yaml = parse(configMapOf(cassandra)[`${ip}.yaml`] ?? '') as Record<string, Record<string, unknown>>;
    expect(yaml.client_encryption_options).toEqual({
      enabled: true,
      optional: false,
      keystore: '/etc/keystore/server-keystore.jks',
      keystore_password: KEYSTORE_PASSWORD_MARK,
    });
    expect(yaml.server_encryption_options).toMatchObject({
      internode_encryption: 'all',
      require_client_auth: true,
      truststore: '/etc/keystore/server-truststore.jks',
      truststore_password: TRUSTSTORE_PASSWORD_MARK,
    });
  });

  it("makes Cassandra's key stores from the pod's certificate before it starts, and runs it on the file with the passwords", () => {
    const podSpec = podSpecOf(cassandra);
    const [wait, init2] = podSpec?.initContainers ?? [];
    expect(wait?.command?.at(-1)).toContain('[ -f /etc/certificates/server-${POD_IP}.crt ]');
    expect(init2?.name).toBe('init2');
    expect(init2?.envFrom).toEqual([{ secretRef: { name: 'cassandra1-secret' } }]);
    const script = init2?.command?.at(-1) ?? '';
    expect(script).toContain(
      '-in /etc/certificates/server-${POD_IP}.crt -inkey /etc/certificates/server-key-${POD_IP}.pem',
    );
    expect(script).toContain(`-file ${CA}`);
    expect(script).toContain(
      `sed -e "s/${KEYSTORE_PASSWORD_MARK}/$keystorePassword/" -e "s/${TRUSTSTORE_PASSWORD_MARK}/$truststorePassword/"`,
    );
    expect(podSpec?.containers[0]?.command?.at(-1)).toContain(
      '-Dcassandra.config=file:///etc/keystore/cassandra.yaml',
    );
  });

  it.each([
    ['RabbitMQ', rabbitmq, true],
    ['Cassandra', cassandra, true],
    ['ZooKeeper', zookeeper, false],
  ] as const)('%s keeps and mounts a certificate Secret: %s', (_name, plan, tls) => {
    expect(plan.objects.some((o) => o.metadata?.name?.endsWith('-secret-certificates'))).toBe(tls);
    const mounts = podSpecOf(plan)?.containers[0]?.volumeMounts?.map((m) => m.mountPath) ?? [];
    expect(mounts.includes('/etc/certificates')).toBe(tls);
    expect(mounts.includes('/etc/ssl/certs/kubernetes')).toBe(tls);
  });

  it('refuses to plan a TLS kind without its certificates, or ZooKeeper with some', () => {
    expect(() => dataService(rabbitmqKind, spec('Rabbitmq'), false)).toThrow(/serves TLS/);
    expect(() => dataService(zookeeperKind, spec('Zookeeper'), true)).toThrow(/no certificates/);
  });
});
