import type { Config } from '../../types/crds/config';
import type { Endpoints } from './component-peers';
import { CASSANDRA_CLIENT_TLS, configDbTls, kombuTls, podTls, sandeshTls, vncApiGlobal } from './pod-tls';
import type { ServicePod } from './service-pods';

/** Upstream's defaults for the Config ports (reference-operators.md, Contrail). */
export const CONFIG_PORTS = {
  apiPort: 8082,
  analyticsPort: 8081,
  collectorPort: 8086,
  redisPort: 6379,
  apiIntrospectPort: 8084,
  schemaIntrospectPort: 8087,
  deviceManagerIntrospectPort: 8096,
  svcMonitorIntrospectPort: 8088,
  analyticsMonitorIntrospectPort: 8090,
  collectorMonitorIntrospectPort: 8089,
};
/** The API's admin port, which upstream does not let the user change. */
export const CONFIG_API_ADMIN_PORT = 8095;
export type ConfigPorts = typeof CONFIG_PORTS;

/** Where the ConfigMap is mounted in every Config container, as upstream mounts it. */
export const CONFIG_MAPS_DIR = '/etc/contrailconfigmaps';

const TTL_DEFAULTS = {
  analyticsDataTTL: 48,
  analyticsConfigAuditTTL: 2160,
  analyticsStatisticsTTL: 4,
  analyticsFlowTTL: 2,
};

export interface ConfigSettings {
  ports: ConfigPorts;
  logLevel: string;
  authMode: string;
  aaaMode: string;
  fabricMgmtIP?: string;
  ttl: typeof TTL_DEFAULTS;
}

/** The spec's settings with upstream's defaults; aaaMode `noauth` is written as the API reads it, `no-auth`. */
export function configSettings(config: Config): ConfigSettings {
  const given = config.spec.serviceConfiguration as Record<string, unknown>;
  const number = <T extends Record<string, number>>(defaults: T): T => {
    const values = { ...defaults };
    for (const key of Object.keys(defaults) as (keyof T)[]) {
      const value = given[key as string];
      if (typeof value === 'number') values[key] = value as T[keyof T];
    }
    return values;
  };
  const authMode = config.spec.serviceConfiguration.authMode ?? 'noauth';
  const aaaMode = config.spec.serviceConfiguration.aaaMode ?? (authMode === 'keystone' ? 'rbac' : 'noauth');
  return {
    ports: number(CONFIG_PORTS),
    logLevel: config.spec.serviceConfiguration.logLevel ?? 'SYS_NOTICE',
    authMode,
    aaaMode: aaaMode === 'noauth' ? 'no-auth' : aaaMode,
    ...(config.spec.serviceConfiguration.fabricMgmtIP
      ? { fabricMgmtIP: config.spec.serviceConfiguration.fabricMgmtIP }
      : {}),
    ttl: number(TTL_DEFAULTS),
  };
}

type Section = Record<string, string | number | boolean>;

/** An INI file of the sections in order, `key=value` per line, as Contrail's processes read them. */
export function ini(sections: Record<string, Section>): string {
  return Object.entries(sections)
    .map(([name, entries]) =>
      [`[${name}]`, ...Object.entries(entries).map(([key, value]) => `${key}=${String(value)}`)].join('\n'),
    )
    .join('\n\n')
    .concat('\n');
}

/** `ip:port` for each address, joined as the reading program wants its list. */
export const joinPorts = (ips: string[], port: number, separator: string) =>
  ips.map((ip) => `${ip}:${port}`).join(separator);

/**
 * The per-pod files of upstream's Config ConfigMap, keyed `<file>.<podIP>`: the API and its client
 * settings, device manager, schema transformer, service monitor, analytics API, collector, query
 * engine and the two node managers, with Cassandra, ZooKeeper and RabbitMQ from their status. TLS
 * as upstream turns it on, each with the pod's own certificate: the API and analytics API serve it,
 * every client of the API, Cassandra (its client port) and RabbitMQ (its TLS listener) uses it, and so
 * do sandesh and the introspect pages. ZooKeeper stays plain, as upstream leaves it. RabbitMQ's
 * credentials are given on the command line from its Secret, never written here.
 */
export function configFiles(
  config: Config,
  pods: ServicePod[],
  peers: Pick<Endpoints, 'cassandra' | 'zookeeper' | 'rabbitmq'>,
): Record<string, string> {
  const s = configSettings(config);
  const ips = pods.map((pod) => pod.ip).sort();
  const collectors = joinPorts(ips, s.ports.collectorPort, ' ');
  const cassandraThrift = joinPorts(peers.cassandra.ips, peers.cassandra.port, ' ');
  const cassandraCql = joinPorts(peers.cassandra.ips, peers.cassandra.cqlPort, ' ');
  const zookeeper = joinPorts(peers.zookeeper.ips, peers.zookeeper.clientPort, ',');
  const rabbit = joinPorts(peers.rabbitmq.ips, peers.rabbitmq.sslPort, ',');
  const logTo = (file: string) => ({
    log_file: `/var/log/contrail/${file}`,
    log_level: s.logLevel,
    log_local: 1,
  });
  const apiClient = {
    api_server_ip: ips.join(','),
    api_server_port: s.ports.apiPort,
    api_server_use_ssl: 'True',
  };
  const data: Record<string, string> = {};
  for (const ip of ips) {
    const tls = podTls(ip);
    const storesWithoutHeartbeat = {
      cassandra_server_list: cassandraThrift,
      ...CASSANDRA_CLIENT_TLS,
      zk_server_ip: zookeeper,
      rabbit_server: rabbit,
      ...kombuTls(ip),
      collectors,
    };
    // The schema transformer and service monitor have no RabbitMQ heartbeat option.
    const stores = { ...storesWithoutHeartbeat, rabbit_health_check_interval: 10 };
    const sandesh = { SANDESH: sandeshTls(ip, false) };
    const sandeshCpp = { SANDESH: sandeshTls(ip, true) };
    // The schema transformer's and service monitor's own client certificate for the API.
    const security = {
      SECURITY: { use_certs: 'True', ca_certs: tls.ca, certfile: tls.certificate, keyfile: tls.key },
    };
    const analyticsTls = {
      analytics_api_ssl_enable: 'True',
      analytics_api_ssl_certfile: tls.certificate,
      analytics_api_ssl_keyfile: tls.key,
      analytics_api_ssl_ca_cert: tls.ca,
    };
    data[`api.${ip}`] = ini({
      DEFAULTS: {
        listen_ip_addr: '0.0.0.0',
        listen_port: s.ports.apiPort,
        admin_port: CONFIG_API_ADMIN_PORT,
        http_server_ip: '0.0.0.0',
        http_server_port: s.ports.apiIntrospectPort,
        ...logTo('contrail-api.log'),
        auth: s.authMode,
        aaa_mode: s.aaaMode,
        cloud_admin_role: 'admin',
        config_api_ssl_enable: 'True',
        config_api_ssl_certfile: tls.certificate,
        config_api_ssl_keyfile: tls.key,
        config_api_ssl_ca_cert: tls.ca,
        ...stores,
      },
      ...sandesh,
    });
    data[`vnc.${ip}`] = ini({
      global: vncApiGlobal(ip, s.ports.apiPort),
      auth: { AUTHN_TYPE: s.authMode },
    });
    data[`devicemanager.${ip}`] = ini({
      DEFAULTS: {
        host_ip: s.fabricMgmtIP ?? ip,
        http_server_ip: '0.0.0.0',
        http_server_port: s.ports.deviceManagerIntrospectPort,
        ...apiClient,
        analytics_server_ip: ips.join(','),
        analytics_server_port: s.ports.analyticsPort,
        push_mode: 1,
        ...logTo('config-device-manager/contrail-device-manager.log'),
        dnsmasq_conf_dir: '/var/lib/dnsmasq',
        tftp_dir: '/var/lib/tftp',
        dhcp_leases_file: '/var/lib/dnsmasq/dnsmasq.leases',
        dnsmasq_reload_by_signal: 'True',
        ...stores,
      },
      ...sandesh,
    });
    data[`dnsmasq.${ip}`] = [
      'log-facility=/dev/stdout',
      'bogus-priv',
      'log-dhcp',
      'enable-tftp',
      'tftp-root=/etc/tftp',
      'dhcp-leasefile=/var/lib/dnsmasq/dnsmasq.leases',
      'conf-dir=/var/lib/dnsmasq/,*.conf',
      '',
    ].join('\n');
    data[`schematransformer.${ip}`] = ini({
      DEFAULTS: {
        host_ip: ip,
        http_server_ip: '0.0.0.0',
        http_server_port: s.ports.schemaIntrospectPort,
        ...apiClient,
        ...logTo('contrail-schema.log'),
        ...storesWithoutHeartbeat,
      },
      ...security,
      ...sandesh,
    });
    data[`servicemonitor.${ip}`] = ini({
      DEFAULTS: {
        host_ip: ip,
        http_server_ip: '0.0.0.0',
        http_server_port: s.ports.svcMonitorIntrospectPort,
        ...apiClient,
        ...logTo('contrail-svc-monitor.log'),
        ...storesWithoutHeartbeat,
        // As a client of the analytics API, which serves TLS.
        ...analyticsTls,
        analytics_api_insecure_enable: 'False',
      },
      ...security,
      // Read from [SCHEDULER]: the service monitor's defaults for these overwrite any in [DEFAULTS].
      SCHEDULER: {
        analytics_server_list: joinPorts(ips, s.ports.analyticsPort, ' '),
        aaa_mode: s.aaaMode,
      },
      ...sandesh,
    });
    data[`analyticsapi.${ip}`] = ini({
      DEFAULTS: {
        host_ip: ip,
        http_server_ip: '0.0.0.0',
        http_server_port: s.ports.analyticsMonitorIntrospectPort,
        rest_api_ip: '0.0.0.0',
        rest_api_port: s.ports.analyticsPort,
        aaa_mode: s.aaaMode,
        ...logTo('contrail-analytics-api.log'),
        api_server: joinPorts(ips, s.ports.apiPort, ' '),
        api_server_use_ssl: 'True',
        collectors,
        zk_list: joinPorts(peers.zookeeper.ips, peers.zookeeper.clientPort, ' '),
        // It serves TLS; upstream lets a client without a certificate in.
        ...analyticsTls,
        analytics_api_insecure_enable: 'True',
      },
      REDIS: { redis_uve_list: joinPorts(ips, s.ports.redisPort, ' ') },
      ...sandesh,
    });
    const collectorSections = {
      DEFAULT: {
        analytics_data_ttl: s.ttl.analyticsDataTTL,
        analytics_config_audit_ttl: s.ttl.analyticsConfigAuditTTL,
        analytics_statistics_ttl: s.ttl.analyticsStatisticsTTL,
        analytics_flow_ttl: s.ttl.analyticsFlowTTL,
        hostip: ip,
        http_server_port: s.ports.collectorMonitorIntrospectPort,
        http_server_ip: '0.0.0.0',
        ...logTo('contrail-collector.log'),
        cassandra_server_list: cassandraCql,
        zookeeper_server_list: zookeeper,
      },
      CASSANDRA: CASSANDRA_CLIENT_TLS,
      COLLECTOR: { port: s.ports.collectorPort, server: '0.0.0.0' },
      API_SERVER: { api_server_list: joinPorts(ips, s.ports.apiPort, ' '), api_server_use_ssl: 'True' },
      DATABASE: { disable_all_writes: 'False' },
      REDIS: { port: s.ports.redisPort, server: '127.0.0.1' },
      CONFIGDB: {
        config_db_server_list: cassandraCql,
        rabbitmq_server_list: joinPorts(peers.rabbitmq.ips, peers.rabbitmq.sslPort, ' '),
        ...configDbTls(ip),
      },
      ...sandeshCpp,
    };
    data[`collector.${ip}`] = ini(collectorSections);
    data[`queryengine.${ip}`] = ini({
      DEFAULT: {
        analytics_data_ttl: s.ttl.analyticsDataTTL,
        hostip: ip,
        http_server_ip: '0.0.0.0',
        ...logTo('contrail-query-engine.log'),
        cassandra_server_list: cassandraCql,
        collectors,
      },
      CASSANDRA: CASSANDRA_CLIENT_TLS,
      REDIS: { port: s.ports.redisPort, server: '127.0.0.1' },
      ...sandeshCpp,
    });
    for (const type of ['config', 'analytics']) {
      data[`nodemanager${type}.${ip}`] = ini({
        DEFAULTS: {
          http_server_ip: '0.0.0.0',
          log_file: `/var/log/contrail/contrail-${type}-nodemgr.log`,
          log_level: s.logLevel,
          log_local: 1,
          hostip: ip,
          db_port: peers.cassandra.cqlPort,
          db_jmx_port: peers.cassandra.jmxPort,
          db_use_ssl: 'True',
        },
        COLLECTOR: { server_list: collectors },
        ...sandesh,
      });
    }
  }
  return data;
}
