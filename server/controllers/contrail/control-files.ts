import type { Control } from '../../types/crds/control';
import type { Endpoints } from './component-peers';
import { ini, joinPorts } from './config-files';
import { configDbTls, podTls, sandeshTls, vncApiGlobal } from './pod-tls';
import type { ServicePod } from './service-pods';

/** Upstream's defaults for the Control ports and its autonomous system (reference-operators.md, Contrail). */
export const CONTROL_PORTS = { bgpPort: 179, xmppPort: 5269, dnsPort: 53, dnsIntrospectPort: 8092 };
export const CONTROL_DEFAULT_ASN = 64512;
/** The control process's introspect port, which upstream does not let the user change. */
export const CONTROL_INTROSPECT_PORT = 8083;
/** Where named keeps its working files, shared with contrail-dns (which reloads it over rndc). */
export const NAMED_DIR = '/etc/contrail/dns';

export interface ControlSettings {
  ports: typeof CONTROL_PORTS;
  asnNumber: number;
}

export function controlSettings(control: Control): ControlSettings {
  const given = control.spec.serviceConfiguration;
  return {
    ports: {
      bgpPort: given.bgpPort ?? CONTROL_PORTS.bgpPort,
      xmppPort: given.xmppPort ?? CONTROL_PORTS.xmppPort,
      dnsPort: given.dnsPort ?? CONTROL_PORTS.dnsPort,
      dnsIntrospectPort: given.dnsIntrospectPort ?? CONTROL_PORTS.dnsIntrospectPort,
    },
    asnNumber: given.asnNumber ?? CONTROL_DEFAULT_ASN,
  };
}

/**
 * named's configuration. The rndc key is not written here (upstream writes a constant one): the named
 * container generates it once into the folder it shares with contrail-dns, and this file includes it.
 */
function namedConf(dnsPort: number): string {
  return `options {
    directory "${NAMED_DIR}";
    managed-keys-directory "${NAMED_DIR}";
    empty-zones-enable no;
    pid-file "${NAMED_DIR}/contrail-named.pid";
    session-keyfile "${NAMED_DIR}/session.key";
    listen-on port ${dnsPort} { any; };
    allow-query { any; };
    allow-recursion { any; };
    allow-query-cache { any; };
    max-cache-size 32M;
};
include "${NAMED_DIR}/rndc.key";
controls {
    inet 127.0.0.1 port 8094
    allow { 127.0.0.1; } keys { "rndc-key"; };
};
logging {
    channel debug_log {
        file "/var/log/contrail/contrail-named.log" versions 3 size 5m;
        severity debug;
        print-time yes;
        print-severity yes;
        print-category yes;
    };
    category default { debug_log; };
    category queries { debug_log; };
};
`;
}

/**
 * The per-pod files of upstream's Control ConfigMap, keyed `<file>.<podIP>`: the control process
 * (BGP and XMPP), contrail-dns and named, the node manager, and the script that registers the pod as
 * a BGP router with Config. Cassandra, RabbitMQ and Config come from their status. TLS as upstream:
 * XMPP with certificates (the vRouter agents and contrail-dns's clients present theirs), Cassandra,
 * RabbitMQ's TLS listener, Config's API, sandesh and introspect, each with the pod's certificate; the
 * RabbitMQ credentials come from its Secret on the command line, as for Config.
 */
export function controlFiles(
  control: Control,
  pods: ServicePod[],
  peers: Pick<Endpoints, 'cassandra' | 'rabbitmq' | 'config'>,
): Record<string, string> {
  const s = controlSettings(control);
  const collectors = joinPorts(peers.config.ips, peers.config.collectorPort, ' ');
  const data: Record<string, string> = {};
  for (const pod of [...pods].sort((a, b) => (a.ip < b.ip ? -1 : 1))) {
    const { ip } = pod;
    const tls = podTls(ip);
    const configDb = {
      config_db_server_list: joinPorts(peers.cassandra.ips, peers.cassandra.cqlPort, ' '),
      rabbitmq_server_list: joinPorts(peers.rabbitmq.ips, peers.rabbitmq.sslPort, ' '),
      ...configDbTls(ip),
    };
    const sandesh = sandeshTls(ip, true);
    const xmppCertificates = {
      xmpp_server_cert: tls.certificate,
      xmpp_server_key: tls.key,
      xmpp_ca_cert: tls.ca,
    };
    data[`control.${ip}`] = ini({
      DEFAULT: {
        bgp_port: s.ports.bgpPort,
        collectors,
        hostip: ip,
        http_server_ip: '0.0.0.0',
        http_server_port: CONTROL_INTROSPECT_PORT,
        log_file: '/var/log/contrail/contrail-control.log',
        log_level: 'SYS_NOTICE',
        log_local: 1,
        xmpp_server_port: s.ports.xmppPort,
        xmpp_auth_enable: 'True',
        ...xmppCertificates,
      },
      CONFIGDB: configDb,
      SANDESH: sandesh,
    });
    data[`dns.${ip}`] = ini({
      DEFAULT: {
        collectors,
        named_config_file: `/etc/contrailconfigmaps/named.${ip}`,
        named_config_directory: NAMED_DIR,
        named_log_file: '/var/log/contrail/contrail-named.log',
        rndc_config_file: 'contrail-rndc.conf',
        named_max_cache_size: '32M',
        named_max_retransmissions: 12,
        named_retransmission_interval: 1000,
        hostip: ip,
        http_server_ip: '0.0.0.0',
        http_server_port: s.ports.dnsIntrospectPort,
        dns_server_port: s.ports.dnsPort,
        log_file: '/var/log/contrail/contrail-dns.log',
        log_level: 'SYS_NOTICE',
        log_local: 1,
        xmpp_dns_auth_enable: 'True',
        ...xmppCertificates,
      },
      CONFIGDB: configDb,
      SANDESH: sandesh,
    });
    data[`named.${ip}`] = namedConf(s.ports.dnsPort);
    data[`nodemanager.${ip}`] = ini({
      DEFAULTS: {
        http_server_ip: '0.0.0.0',
        log_file: '/var/log/contrail/contrail-control-nodemgr.log',
        log_level: 'SYS_NOTICE',
        log_local: 1,
        hostip: ip,
        db_port: peers.cassandra.cqlPort,
        db_jmx_port: peers.cassandra.jmxPort,
        db_use_ssl: 'True',
      },
      COLLECTOR: { server_list: collectors },
      SANDESH: sandeshTls(ip, false),
    });
    // The registration script's API client (vnc_api_lib.ini, linked by the node manager's command):
    // Config's API serves TLS from a certificate of the cluster's CA.
    data[`vnc.${ip}`] = ini({
      global: vncApiGlobal(peers.config.ips.join(','), peers.config.apiPort),
    });
    // The first Config API that answers registers the pod; the pod's data-network address if it has one.
    data[`provision.sh.${ip}`] = [
      '#!/bin/bash',
      `for server in ${peers.config.ips.join(' ')}; do`,
      '  python /opt/contrail/utils/provision_control.py --oper "$1" --api_server_use_ssl true \\',
      `    --host_name "$(hostname)" --host_ip "\${DATA_IP:-${ip}}" \\`,
      `    --router_asn ${s.asnNumber} --bgp_server_port ${s.ports.bgpPort} \\`,
      `    --api_server_ip "$server" --api_server_port ${peers.config.apiPort} && break`,
      'done',
      '',
    ].join('\n');
  }
  return data;
}
