/**
 * How a PlunderMachine (and its PlunderCluster) reads for installing it: shared by the boot service,
 * which renders the install script, and the controller, which reports the same values in status. Pure.
 */
import type { V1OwnerReference } from '@kubernetes/client-node';
import { netmaskOf } from '../inventory/ip-pool';
import {
  DEFAULT_DEPLOYMENT_PROFILE,
  DEFAULT_KUBERNETES_VERSION,
  type MachineRole,
} from '../schemas/provision-form';
import type { PlunderCluster, PlunderMachine } from '../types/crds';
import type { BootProfile } from './boot-profiles-db';
import type { InstallParams } from './ipxe-scripts';

/** Cluster API's labels: which cluster a machine belongs to, and whether it is a control-plane machine. */
export const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';
export const CONTROL_PLANE_LABEL = 'cluster.x-k8s.io/control-plane';
export const DEFAULT_INSTALL_RETRIES = 1;
/**
 * Rackpilot's opt-out of the Cluster API contract: a PlunderMachine with this annotation provisions
 * without an owner Machine. The console sets it when Cluster API is not installed; every other
 * PlunderMachine waits for its Machine, as upstream's provider does.
 */
export const STANDALONE_ANNOTATION = 'infrastructure.rackpilot.io/standalone';

/** The Cluster API Machine that owns this machine (the ownerReference CAPI's Machine controller sets). */
export function ownerMachineOf(machine: PlunderMachine): V1OwnerReference | undefined {
  return machine.metadata.ownerReferences?.find(
    (owner) => owner.kind === 'Machine' && owner.apiVersion.startsWith('cluster.x-k8s.io/'),
  );
}

/** Whether the machine opted out of the Cluster API contract (the console without Cluster API). */
export function isStandalone(machine: PlunderMachine): boolean {
  return machine.metadata.annotations?.[STANDALONE_ANNOTATION] !== undefined;
}

export function clusterNameOf(machine: PlunderMachine): string | undefined {
  return machine.metadata.labels?.[CLUSTER_NAME_LABEL] || undefined;
}

export function roleOf(machine: PlunderMachine): MachineRole {
  return machine.metadata.labels?.[CONTROL_PLANE_LABEL] !== undefined ? 'control-plane' : 'worker';
}

/** spec.hostname, or `<name>-<5 characters of the uid>` (upstream used 5 random ones; the uid keeps it stable). */
export function hostnameOf(machine: PlunderMachine): string {
  if (machine.spec.hostname) return machine.spec.hostname;
  const name = (machine.metadata.name ?? 'machine').replace(/\./g, '-').slice(0, 57).replace(/-+$/, '');
  const suffix = (machine.metadata.uid ?? '').replace(/-/g, '').slice(0, 5);
  return suffix ? `${name}-${suffix}` : name;
}

/** The boot profile the machine installs with (spec.deploymentType names it). */
export function profileNameOf(machine: PlunderMachine): string {
  return machine.spec.deploymentType || DEFAULT_DEPLOYMENT_PROFILE;
}

/** The address the machine is given: its spec, or what the controller allocated. */
export function machineIpOf(machine: PlunderMachine): string | undefined {
  return machine.spec.ipaddress ?? machine.status?.ipaddress;
}

/** Everything the install script needs with the machine's (usable) profile, or what is still missing. */
export function installParamsOf(
  machine: PlunderMachine,
  cluster: PlunderCluster | undefined,
  profile: BootProfile,
  { base, mac, token }: { base: string; mac: string; token: string },
): InstallParams | { waiting: string } {
  const ip = machineIpOf(machine);
  if (!ip) return { waiting: 'waiting for an address' };
  return {
    base,
    mac,
    token,
    hostname: hostnameOf(machine),
    network: {
      ip,
      netmask: netmaskOf(cluster?.spec?.subnet),
      gateway: cluster?.spec?.gateway ?? '',
    },
    profile,
    kubernetesVersion: machine.spec.kubernetesVersion ?? DEFAULT_KUBERNETES_VERSION,
    role: roleOf(machine),
  };
}
