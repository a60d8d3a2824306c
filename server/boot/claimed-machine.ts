/**
 * The PlunderMachine a MAC's claim names, with its PlunderCluster, and the install values they read
 * with the machine's boot profile: what the boot script and the installer config both start from.
 */
import type { InformerSet } from '../kube/informer-set';
import {
  type PlunderCluster,
  type PlunderMachine,
  plunderClusterResource,
  plunderMachineResource,
} from '../types/crds';
import { tryDb } from './boot-http';
import type { BootProfiles } from './boot-profiles';
import type { HardwareRecord } from './hardware-store';
import type { InstallParams } from './ipxe-scripts';
import { clusterNameOf, installParamsOf, profileNameOf } from './machine-facts';

export interface ClaimedMachine {
  machine: PlunderMachine;
  cluster: PlunderCluster | undefined;
}

/** The claim's machine while it is the same object (uid) and not being deleted; else undefined. */
export function claimedMachine(informers: InformerSet, record: HardwareRecord): ClaimedMachine | undefined {
  const claim = record.claim;
  if (!claim?.uid) return undefined;
  const machine = informers.of(plunderMachineResource).get(claim.name, claim.namespace);
  if (!machine || machine.metadata.uid !== claim.uid || machine.metadata.deletionTimestamp) return undefined;
  const clusterName = clusterNameOf(machine);
  const cluster = clusterName
    ? informers.of(plunderClusterResource).get(clusterName, claim.namespace)
    : undefined;
  return { machine, cluster };
}

/** The install script's values with the machine's profile, or why the machine waits. */
export async function machineInstallParams(
  deps: { profiles: BootProfiles; log: (line: string) => void },
  found: ClaimedMachine,
  urls: { base: string; mac: string; token: string },
): Promise<InstallParams | { waiting: string }> {
  const usable = await tryDb(deps.log, () => deps.profiles.usable(profileNameOf(found.machine), 'install'));
  if (!usable) return { waiting: 'cannot read its boot profile right now' };
  if ('reason' in usable) return { waiting: usable.message };
  return installParamsOf(found.machine, found.cluster, usable.profile, urls);
}
