import { groupFromForm, profileFromForm, type ContrailGroupForm } from '@/server/schemas/contrail-group-form';
import type { ManagerProfileSpec } from '@/server/types/crds/manager';

/** A profile's settings in one line, as the picker and the group's page show them. */
export function profileText(profile: ManagerProfileSpec): string {
  const parts: string[] = [];
  const dpdk = profile.dpdkConfiguration;
  if (dpdk) {
    parts.push(`DPDK core mask ${dpdk.coreMask}`);
    if (dpdk['2MBHugePages']) parts.push(`${dpdk['2MBHugePages']} × 2 MiB hugepages`);
    if (dpdk['1GBHugePages']) parts.push(`${dpdk['1GBHugePages']} × 1 GiB hugepages`);
    if (dpdk.cpuPinning) parts.push(`pinned to ${dpdk.cpuPinning}`);
  }
  const sriov = profile.sriovConfiguration;
  if (sriov) {
    parts.push(`SR-IOV ${sriov.numberOfVfs} VFs`);
    if (sriov.virtualFunctionMappings?.length)
      parts.push(`mapped to ${sriov.virtualFunctionMappings.join(', ')}`);
  }
  if (profile.kernelModeConfiguration) parts.push('kernel mode');
  const more = {
    ...dpdk?.moreConfig,
    ...sriov?.moreConfig,
    ...profile.kernelModeConfiguration?.moreConfig,
    ...profile.otherConfig?.moreConfig,
  };
  parts.push(...Object.entries(more).map(([key, value]) => `${key}=${value}`));
  return parts.join(' · ') || 'no settings';
}

/**
 * What the YAML tab shows: the entries Create appends to the Manager's lists (the Manager's other
 * entries stay and are not repeated).
 */
export function groupYamlObjects(values: ContrailGroupForm): unknown[] {
  const profile = profileFromForm(values);
  return [
    {
      apiVersion: 'contrail.juniper.net/v1alpha1',
      kind: 'Manager',
      metadata: { namespace: values.namespace, name: values.manager },
      spec: {
        services: {
          ...(profile ? { vrouterProfileTemplates: [profile] } : {}),
          vrouterTemplates: [groupFromForm(values)],
        },
      },
    },
  ];
}
