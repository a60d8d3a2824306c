import { clusterNameOf, ownerMachineOf, roleOf } from '../../boot/machine-facts';
import type { HardwareState } from '../../schemas/hardware-list';
import type { PlunderCluster, PlunderMachine } from '../../types/crds';
import { isoTime } from '../iso-time';
import type { ReadyView } from '../ready-view';

/** The hardware state of a MAC while `uid`'s machine holds it; undefined when it holds none. */
export type HardwareLookup = (mac: string, uid: string) => HardwareState | undefined;

/** One PlunderMachine of a Plunder cluster, as its pages show it. */
export interface PlunderMachineView {
  name: string;
  role: 'control-plane' | 'worker';
  phase: string;
  ready: boolean;
  message?: string;
  mac?: string;
  ip?: string;
  /** The state of the hardware it holds (the boot service's), when it holds one. */
  hardware?: HardwareState;
  /** The Cluster API Machine that owns it. */
  capiMachine?: string;
  createdAt?: string;
  deleting: boolean;
}

/** One line of the Plunder clusters table. */
export interface PlunderClusterRow {
  key: string;
  namespace: string;
  name: string;
  resourceVersion: string;
  ready: ReadyView;
  subnet?: string;
  machines: { total: number; provisioned: number };
  addresses: { allocated?: number; free?: number };
  createdAt?: string;
  deleting: boolean;
}

export function machinesOfCluster(
  machines: readonly PlunderMachine[],
  namespace: string,
  name: string,
): PlunderMachine[] {
  return machines.filter((m) => m.metadata.namespace === namespace && clusterNameOf(m) === name);
}

/** PlunderClusters carry no conditions: Ready is read from status.ready and its failure. */
export function plunderClusterReady(cluster: PlunderCluster): ReadyView {
  const status = cluster.status;
  if (status?.ready === undefined) {
    return {
      status: 'Unknown',
      reason: 'NotReconciled',
      message: 'The PlunderCluster controller has not written a status yet',
      outdated: false,
    };
  }
  if (!status.ready) {
    return {
      status: 'False',
      reason: status.failureReason ?? 'NotReady',
      message: status.failureMessage ?? '',
      outdated: false,
    };
  }
  return {
    status: 'True',
    reason: 'Ready',
    message:
      status.freeAddresses === undefined
        ? 'addresses are given per machine'
        : `${status.freeAddresses} free address(es) in its pool`,
    outdated: false,
  };
}

export function plunderMachineView(machine: PlunderMachine, hardware: HardwareLookup): PlunderMachineView {
  const status = machine.status ?? {};
  const mac = status.macaddress ?? machine.spec.macaddress;
  const ip = status.ipaddress ?? machine.spec.ipaddress;
  const state = status.macaddress ? hardware(status.macaddress, machine.metadata.uid ?? '') : undefined;
  const owner = ownerMachineOf(machine)?.name;
  const message = status.failureMessage ?? status.message;
  return {
    name: machine.metadata.name ?? '',
    role: roleOf(machine),
    phase: machine.metadata.deletionTimestamp ? 'Deleting' : (status.phase ?? 'Pending'),
    ready: status.ready === true,
    ...(message ? { message } : {}),
    ...(mac ? { mac } : {}),
    ...(ip ? { ip } : {}),
    ...(state ? { hardware: state } : {}),
    ...(owner ? { capiMachine: owner } : {}),
    createdAt: isoTime(machine.metadata.creationTimestamp),
    deleting: Boolean(machine.metadata.deletionTimestamp),
  };
}

export function buildPlunderClusterRow(
  cluster: PlunderCluster,
  machines: readonly PlunderMachine[],
): PlunderClusterRow {
  const { name = '', namespace = '', resourceVersion = '' } = cluster.metadata;
  const status = cluster.status ?? {};
  return {
    key: `${namespace}/${name}`,
    namespace,
    name,
    resourceVersion,
    ready: plunderClusterReady(cluster),
    ...(cluster.spec?.subnet ? { subnet: cluster.spec.subnet } : {}),
    machines: {
      total: machines.length,
      provisioned: machines.filter((m) => m.status?.phase === 'Provisioned').length,
    },
    addresses: { allocated: status.allocatedAddresses, free: status.freeAddresses },
    createdAt: isoTime(cluster.metadata.creationTimestamp),
    deleting: Boolean(cluster.metadata.deletionTimestamp),
  };
}
