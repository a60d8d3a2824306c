import type { VrouterProfile } from '../../types/crds/vrouter';
import type { Endpoints } from './component-peers';
import { ini, joinPorts } from './config-files';
import { podTls, sandeshTls } from './pod-tls';

export type ForwardingMode = 'dpdk' | 'kernel';

/** A group runs DPDK when one of its profiles says so; the CRD refuses DPDK with kernel mode. */
export function forwardingMode(profiles: VrouterProfile[]): ForwardingMode {
  return profiles.some((p) => p.dpdkConfiguration) ? 'dpdk' : 'kernel';
}

/** The VFs a group asks of each node (the largest of its SR-IOV profiles), or 0. */
export function requiredVfs(profiles: VrouterProfile[]): number {
  return Math.max(0, ...profiles.map((p) => p.sriovConfiguration?.numberOfVfs ?? 0));
}

/** What the agent configuration of one pod is made of besides the group's profiles. */
export interface AgentHost {
  podIp: string;
  gateway?: string;
  physicalInterface?: string;
  /** The group names a Control, so its agents hold certificates and talk XMPP and sandesh over TLS. */
  tls: boolean;
  /** The Control the group names and the cluster's Config, once active; absent for a group naming none. */
  control?: Endpoints['control'];
  config?: Endpoints['config'];
}

/** `ip:port` for each address, space-separated: the agent reads these options as lists of words. */
const endpointList = (ips: string[], port: number) => joinPorts(ips, port, ' ');

/** The section a profile's moreConfig key belongs to: `SECTION.key` as the agent names its options, else DEFAULT. */
function sectionOf(key: string): [string, string] {
  const dot = key.indexOf('.');
  return dot > 0 ? [key.slice(0, dot), key.slice(dot + 1)] : ['DEFAULT', key];
}

/**
 * The agent configuration of one pod (contrail-vrouter-agent.conf), from the group's profiles and
 * the pod's host. Only keys the agent registers are written (it ignores any other without a word):
 * DPDK is `platform=dpdk`, the kernel module the default. The DPDK core mask and CPU pinning belong to
 * the DPDK forwarding process and the SR-IOV VFs to the node, not to the agent, so they are not here
 * (docs/compatibility.md). `VIRTUAL-HOST-INTERFACE.ip` takes address/prefix, and the prefix of the
 * node's network is known only on the node: the agent's container adds it (agentStartScript); here the
 * pod address goes where a bare address is read.
 *
 * As upstream's: the control nodes of the named Control over XMPP (routes) and DNS, the Config's
 * collectors, and TLS with the pod's certificate for XMPP (the Control requires it), its DNS client
 * and sandesh. A group naming no Control gets no server lists and no TLS: its agents talk to no
 * control node and hold no certificate, so no line may name one.
 */
export function renderAgentConfig(profiles: VrouterProfile[], host: AgentHost): string {
  const tls = podTls(host.podIp);
  const { control, config } = host;
  const xmppTls = host.tls
    ? [
        'xmpp_auth_enable=True',
        'xmpp_dns_auth_enable=True',
        `xmpp_server_cert=${tls.certificate}`,
        `xmpp_server_key=${tls.key}`,
        `xmpp_ca_cert=${tls.ca}`,
      ]
    : [];
  const sandesh = host.tls ? Object.entries(sandeshTls(host.podIp, true)) : [];
  const controlNode: [string, string[]][] = control
    ? [['CONTROL-NODE', [`servers=${endpointList(control.ips, control.xmppPort)}`]]]
    : [];
  const dns: [string, string[]][] = control
    ? [['DNS', [`servers=${endpointList(control.ips, control.dnsPort)}`]]]
    : [];
  const sections = new Map<string, string[]>([
    ...controlNode,
    [
      'DEFAULT',
      [
        ...(forwardingMode(profiles) === 'dpdk' ? ['platform=dpdk'] : []),
        ...(config ? [`collectors=${endpointList(config.ips, config.collectorPort)}`] : []),
        ...xmppTls,
      ],
    ],
    ['SANDESH', sandesh.map(([key, value]) => `${key}=${value}`)],
    ['NETWORKS', [`control_network_ip=${host.podIp}`]],
    ...dns,
    [
      'VIRTUAL-HOST-INTERFACE',
      [
        'name=vhost0',
        `compute_node_address=${host.podIp}`,
        ...(host.gateway ? [`gateway=${host.gateway}`] : []),
        ...(host.physicalInterface ? [`physical_interface=${host.physicalInterface}`] : []),
      ],
    ],
  ]);
  for (const profile of profiles) {
    const more = {
      ...profile.dpdkConfiguration?.moreConfig,
      ...profile.sriovConfiguration?.moreConfig,
      ...profile.kernelModeConfiguration?.moreConfig,
      ...profile.otherConfig?.moreConfig,
    };
    for (const key of Object.keys(more).sort()) {
      const [section, name] = sectionOf(key);
      const lines = sections.get(section) ?? [];
      // A later profile's setting replaces an earlier one: the agent refuses a key given twice.
      const kept = lines.filter((line) => !line.startsWith(`${name}=`));
      sections.set(section, [...kept, `${name}=${more[key]}`]);
    }
  }
  const text = [...sections]
    .filter(([, lines]) => lines.length > 0)
    .map(([section, lines]) => [`[${section}]`, ...lines].join('\n'));
  return `${text.join('\n\n')}\n`;
}

/**
 * A quantity of MiB as the API server stores it (1024Mi comes back as 1Gi): rendered otherwise, the
 * DaemonSet never compares equal to its cached copy and every reconcile applies it again.
 */
function canonicalMebibytes(mebibytes: number): string {
  return mebibytes % 1024 === 0 ? `${mebibytes / 1024}Gi` : `${mebibytes}Mi`;
}

/** Hugepages as pod resources (requests equal limits, as Kubernetes requires for hugepages). */
export function hugepageResources(profiles: VrouterProfile[]): Record<string, string> {
  const dpdk = profiles.find((p) => p.dpdkConfiguration)?.dpdkConfiguration;
  const resources: Record<string, string> = {};
  if (dpdk?.['2MBHugePages']) resources['hugepages-2Mi'] = canonicalMebibytes(dpdk['2MBHugePages'] * 2);
  if (dpdk?.['1GBHugePages']) resources['hugepages-1Gi'] = `${dpdk['1GBHugePages']}Gi`;
  if (Object.keys(resources).length > 0) resources.memory = '256Mi';
  return resources;
}

/**
 * The CNI plugin's configuration (net.d/10-contrail.conf on the node), with upstream's values: the
 * plugin asks the agent on the node (127.0.0.1:9091) for each pod's interface, in the cluster
 * kube-manager names (upstream's default, `kubernetes`), behind Multus as upstream's meta-plugin.
 */
export function renderCniConfig(clusterName = 'kubernetes'): string {
  const config = {
    cniVersion: '0.3.1',
    contrail: {
      'cluster-name': clusterName,
      'meta-plugin': 'multus',
      'vrouter-ip': '127.0.0.1',
      'vrouter-port': 9091,
      'config-dir': '/var/lib/contrail/ports/vm',
      'poll-timeout': 5,
      'poll-retries': 15,
      'log-file': '/var/log/contrail/cni/opencontrail.log',
      'log-level': '4',
    },
    name: 'contrail-k8s-cni',
    type: 'contrail-k8s-cni',
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/**
 * The vRouter node manager's file of one pod (contrail-vrouter-nodemgr.conf): as upstream's, it
 * reports to the Config's collectors once the group has them, over sandesh with the pod's certificate
 * where the group's agents hold one (`tls`: the group names a Control).
 */
export function renderNodemanagerConfig(podIp: string, tls: boolean, config?: Endpoints['config']): string {
  return ini({
    DEFAULTS: {
      http_server_ip: '0.0.0.0',
      log_file: '/var/log/contrail/contrail-vrouter-nodemgr.log',
      log_level: 'SYS_NOTICE',
      log_local: 1,
      hostip: podIp,
    },
    ...(config ? { COLLECTOR: { server_list: endpointList(config.ips, config.collectorPort) } } : {}),
    ...(tls ? { SANDESH: sandeshTls(podIp, false) } : {}),
  });
}
