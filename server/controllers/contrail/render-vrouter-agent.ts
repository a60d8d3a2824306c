import type { VrouterProfile } from '../../types/crds/vrouter';

export type ForwardingMode = 'dpdk' | 'kernel';

/** A group runs DPDK when one of its profiles says so; the CRD refuses DPDK with kernel mode. */
export function forwardingMode(profiles: VrouterProfile[]): ForwardingMode {
  return profiles.some((p) => p.dpdkConfiguration) ? 'dpdk' : 'kernel';
}

/** The VFs a group asks of each node (the largest of its SR-IOV profiles), or 0. */
export function requiredVfs(profiles: VrouterProfile[]): number {
  return Math.max(0, ...profiles.map((p) => p.sriovConfiguration?.numberOfVfs ?? 0));
}

/**
 * The agent configuration of one pod (contrail-vrouter-agent.conf sections), from the group's
 * profiles and gateway; only the pod IP differs between the pods of a group.
 */
export function renderAgentConfig(
  profiles: VrouterProfile[],
  gateway: string | undefined,
  podIp: string,
): string {
  const lines = ['[DEFAULT]', `agent_mode=${forwardingMode(profiles)}`];
  const dpdk = profiles.find((p) => p.dpdkConfiguration)?.dpdkConfiguration;
  if (dpdk) {
    lines.push(`platform=dpdk`, `dpdk_coremask=${dpdk.coreMask}`);
    if (dpdk.cpuPinning) lines.push(`service_core_mask=${dpdk.cpuPinning}`);
  }
  for (const profile of profiles) {
    const sriov = profile.sriovConfiguration;
    if (!sriov) continue;
    lines.push(`sriov_physical_interface_vfs=${sriov.numberOfVfs}`);
    if (sriov.virtualFunctionMappings?.length)
      lines.push(`sriov_vf_mappings=${sriov.virtualFunctionMappings.join(',')}`);
  }
  for (const profile of profiles) {
    const more = {
      ...profile.dpdkConfiguration?.moreConfig,
      ...profile.sriovConfiguration?.moreConfig,
      ...profile.kernelModeConfiguration?.moreConfig,
      ...profile.otherConfig?.moreConfig,
    };
    for (const key of Object.keys(more).sort()) lines.push(`${key}=${more[key]}`);
  }
  lines.push('', '[VIRTUAL-HOST-INTERFACE]', `ip=${podIp}`);
  if (gateway) lines.push(`gateway=${gateway}`);
  return `${lines.join('\n')}\n`;
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
