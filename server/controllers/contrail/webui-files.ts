import type { Webui } from '../../types/crds/webui';
import type { ClusterMembers, Endpoints } from './component-peers';
import { CONTROL_PORTS } from './control-files';
import { podTls } from './pod-tls';
import type { ServicePod } from './service-pods';

/** Upstream's web UI ports: plain and TLS web server, and the Redis beside it. */
export const WEBUI_PORTS = { webUIHttpPort: 8180, webUIHttpsPort: 8143, redisPort: 6380 };
/** The job server and its queue's page, on the pod's loopback (upstream's constants). */
const JOB_SERVER_PORT = 3000;
const KUE_UI_PORT = 3002;
/** The environment variable the admin password reaches the web server by, from keystoneSecretName. */
export const ADMIN_PASSWORD_ENV = 'WEBUI_ADMIN_PASSWORD';

/** A JavaScript array literal of single-quoted strings. */
const quoted = (values: string[]) => `[${values.map((v) => `'${v}'`).join(', ')}]`;

/** The pods of its cluster's Controls, by name and address: the DNS servers the UI asks. */
const dnsPods = (members: ClusterMembers) =>
  members.controls.flatMap((control) => Object.entries(control.status?.nodes ?? {}));

/** The Control pods whose addresses the UI is given as DNS servers, by name, sorted. */
export const dnsMembers = (members: ClusterMembers): string[] =>
  dnsPods(members)
    .map(([pod]) => pod)
    .sort();

/** The DNS servers the UI asks: every pod of its cluster's Controls, on their DNS introspect port. */
function dnsServers(members: ClusterMembers): { ips: string[]; port: number } {
  const ips = dnsPods(members)
    .map(([, ip]) => ip)
    .sort();
  const port = Number(members.controls[0]?.status?.ports?.dnsIntrospectPort);
  return { ips, port: Number.isInteger(port) && port > 0 ? port : CONTROL_PORTS.dnsIntrospectPort };
}

/**
 * config.global.js as contrail-web-core loads it (a Node module): Config's API and analytics, the
 * Controls' DNS, Cassandra, the pod's Redis and job server. TLS as upstream: the UI serves HTTPS with
 * the pod's certificate (its plain port only redirects there), and reaches Config's API, analytics,
 * the introspect pages and Cassandra over TLS. The admin password is read from the environment,
 * never written here.
 */
function webConfig(
  webui: Webui,
  ip: string,
  peers: Pick<Endpoints, 'cassandra' | 'config'>,
  members: ClusterMembers,
): string {
  const dns = dnsServers(members);
  const tls = podTls(ip);
  const staticAuth = webui.spec.serviceConfiguration.keystoneSecretName
    ? [
        'config.staticAuth = [',
        `  { username: 'admin', password: process.env.${ADMIN_PASSWORD_ENV}, roles: ['cloudAdmin'] },`,
        '];',
      ]
    : ['config.staticAuth = [];'];
  return [
    'var config = {};',
    "config.orchestration = { Manager: 'none' };",
    'config.orchestrationModuleEndPointFromConfig = false;',
    'config.contrailEndPointFromConfig = true;',
    'config.regionsFromConfig = false;',
    "config.endpoints = { apiServiceType: 'ApiServer', opServiceType: 'OpServer' };",
    'config.serviceEndPointTakePublicURL = true;',
    `config.cnfg = { server_ip: ${quoted(peers.config.ips)}, server_port: '${peers.config.apiPort}', authProtocol: 'https', strictSSL: false, statusURL: '/global-system-configs' };`,
    `config.analytics = { server_ip: ${quoted(peers.config.ips)}, server_port: '${peers.config.analyticsPort}', authProtocol: 'https', strictSSL: false, statusURL: '/analytics/uves/bgp-peers' };`,
    `config.dns = { server_ip: ${quoted(dns.ips)}, server_port: '${dns.port}', statusURL: '/Snh_PageReq?x=AllEntries%20VdnsServersReq' };`,
    `config.introspect = { ssl: { enabled: true, key: '${tls.key}', cert: '${tls.certificate}', ca: '${tls.ca}', strictSSL: false } };`,
    `config.jobServer = { server_ip: '127.0.0.1', server_port: '${JOB_SERVER_PORT}' };`,
    "config.files = { download_path: '/tmp' };",
    `config.cassandra = { server_ips: ${quoted(peers.cassandra.ips)}, server_port: '${peers.cassandra.cqlPort}', enable_edit: false, use_ssl: true, ca_certs: '${tls.ca}' };`,
    `config.kue = { ui_port: '${KUE_UI_PORT}' };`,
    'config.webui_addresses = {};',
    'config.insecure_access = false;',
    `config.http_port = '${WEBUI_PORTS.webUIHttpPort}';`,
    `config.https_port = '${WEBUI_PORTS.webUIHttpsPort}';`,
    'config.require_auth = false;',
    'config.node_worker_count = 1;',
    'config.maxActiveJobs = 10;',
    'config.redisDBIndex = 3;',
    'config.CONTRAIL_SERVICE_RETRY_TIME = 300000;',
    `config.redis_server_port = '${WEBUI_PORTS.redisPort}';`,
    "config.redis_server_ip = '127.0.0.1';",
    "config.redis_password = '';",
    "config.featurePkg = { webController: { path: '/usr/src/contrail/contrail-web-controller', enable: true } };",
    'config.qe = { enable_stat_queries: false };',
    "config.logs = { level: 'debug' };",
    'config.getDomainProjectsFromApiServer = false;',
    'config.network = { L2_enable: false };',
    'config.getDomainsFromApiServer = false;',
    `config.server_options = { key_file: '${tls.key}', cert_file: '${tls.certificate}' };`,
    ...staticAuth,
    'module.exports = config;',
    '',
  ].join('\n');
}

/** contrail-webui-userauth.js: the admin the UI logs in to Config as, its password from the environment. */
function userAuth(webui: Webui): string {
  const password = webui.spec.serviceConfiguration.keystoneSecretName
    ? `process.env.${ADMIN_PASSWORD_ENV}`
    : "''";
  return [
    'var auth = {};',
    "auth.admin_user = 'admin';",
    `auth.admin_password = ${password};`,
    "auth.admin_token = '';",
    "auth.admin_tenant_name = 'admin';",
    'module.exports = auth;',
    '',
  ].join('\n');
}

/** The Webui ConfigMap: each pod's config.global.js, keyed `config.global.js.<podIP>`, and the shared user file. */
export function webuiFiles(
  webui: Webui,
  pods: ServicePod[],
  peers: Pick<Endpoints, 'cassandra' | 'config'>,
  members: ClusterMembers,
): Record<string, string> {
  const data: Record<string, string> = { 'contrail-webui-userauth.js': userAuth(webui) };
  for (const ip of pods.map((pod) => pod.ip).sort())
    data[`config.global.js.${ip}`] = webConfig(webui, ip, peers, members);
  return data;
}
