import type { VrouterProfile } from '../../types/crds/vrouter';
import { ini } from './config-files';

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
}

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
 * (docs/compatibility.md). `VIRTUAL-HOST-INTERFACE.ip` takes address/prefix and the prefix of the
 * node's network is not known, so the pod address goes where a bare address is read.
 */
export function renderAgentConfig(profiles: VrouterProfile[], host: AgentHost): string {
  const sections = new Map<string, string[]>([
    ['DEFAULT', forwardingMode(profiles) === 'dpdk' ? ['platform=dpdk'] : []],
    ['NETWORKS', [`control_network_ip=${host.podIp}`]],
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

/** The vRouter node manager's file of one pod (contrail-vrouter-nodemgr.conf). */
export function renderNodemanagerConfig(podIp: string): string {
  return ini({
    DEFAULTS: {
      http_server_ip: '0.0.0.0',
      log_file: '/var/log/contrail/contrail-vrouter-nodemgr.log',
      log_level: 'SYS_NOTICE',
      log_local: 1,
      hostip: podIp,
    },
  });
}
