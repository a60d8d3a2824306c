/**
 * The PlunderMachine's observe step: what the planner needs, taking the machine's claims on the way.
 * Its address is held or allocated from its cluster's pool (ip-leases) and its hardware claimed by one
 * conditional UPDATE (hardware-db), so never twice; the pure planner plans from their outcomes.
 */
import type { KubernetesObject } from '@kubernetes/client-node';
import type { BootService } from '../../boot/boot-service';
import {
  clusterNameOf,
  hostnameOf,
  isStandalone,
  ownerMachineOf,
  profileNameOf,
} from '../../boot/machine-facts';
import { poolKey } from '../../inventory/ip-leases';
import { addressPool, addressProblem, isPool } from '../../inventory/ip-pool';
import type { ControllerContext } from '../../kube/controller-context';
import { kubeGetJson, KubeRequestError } from '../../kube/kube-request';
import { normalizeMac } from '../../schemas/mac-address';
import {
  plunderClusterResource,
  plunderMachineResource,
  type PlunderCluster,
  type PlunderMachine,
} from '../../types/crds';
import type { AddressOutcome, HardwareOutcome, MachineObserved } from './plan-plunder-machine';

/** Only hardware seen this recently is picked for a machine that names no MAC (upstream's rule). */
const FRESH_MS = 10 * 60_000;

/**
 * What the machine still waits for under the Cluster API contract: nothing when it opted out or its
 * owner Machine exists (upstream's provider fetches the owner Machine too before it acts).
 */
async function ownerWait(
  ctx: ControllerContext,
  machine: PlunderMachine,
): Promise<MachineObserved['waitingForOwner']> {
  if (isStandalone(machine)) return undefined;
  const owner = ownerMachineOf(machine);
  if (!owner) return 'unowned';
  const path = `/apis/${owner.apiVersion}/namespaces/${machine.metadata.namespace ?? ''}/machines/${owner.name}`;
  try {
    const found = await kubeGetJson<KubernetesObject>(ctx.kc, path);
    // A Machine of the same name made after the owner was deleted is not the owner.
    return found.metadata?.uid === owner.uid ? undefined : { missing: owner.name };
  } catch (error) {
    if (error instanceof KubeRequestError && error.status === 404) return { missing: owner.name };
    throw error;
  }
}

/** The machine's address: its spec (checked and leased) or one allocated from its cluster's pool. */
async function resolveAddress(
  boot: BootService,
  machine: PlunderMachine,
  cluster: PlunderCluster | undefined,
): Promise<AddressOutcome> {
  const { namespace = '', name = '' } = machine.metadata;
  const clusterName = clusterNameOf(machine);
  const pool = poolKey(namespace, clusterName);
  const spec = cluster?.spec ?? {};
  const holder = { namespace, name };
  if (machine.spec.ipaddress) {
    const problem = addressProblem(spec, machine.spec.ipaddress);
    if (problem) return { problem, reason: 'InvalidAddress' };
    const held = await boot.leases.hold(pool, machine.spec.ipaddress, holder);
    if (!held.ok) {
      return {
        problem: `${machine.spec.ipaddress} is already given to ${held.holder.namespace}/${held.holder.name}`,
        reason: 'AddressConflict',
      };
    }
    return { ip: machine.spec.ipaddress };
  }
  const addresses = addressPool(spec);
  if (!addresses) {
    return {
      problem: clusterName
        ? `An IP address is required: PlunderCluster ${clusterName} has no subnet to allocate from`
        : 'An IP address is required: set spec.ipaddress, or the cluster.x-k8s.io/cluster-name label of a PlunderCluster with a subnet',
      reason: 'NoAddress',
    };
  }
  if (!isPool(addresses))
    return { problem: `PlunderCluster ${clusterName ?? ''}: ${addresses.error}`, reason: 'InvalidPool' };
  const ip = await boot.leases.allocate(pool, addresses, holder);
  return ip
    ? { ip }
    : { problem: `the pool of PlunderCluster ${clusterName ?? ''} is exhausted`, reason: 'NoAddress' };
}

/** MACs that machines name in spec.macaddress: never picked for a machine that names none. */
function reservedMacs(ctx: ControllerContext, self: PlunderMachine): string[] {
  return ctx.informers
    .of(plunderMachineResource)
    .list()
    .filter((other) => other.metadata.uid !== self.metadata.uid && other.spec.macaddress)
    .map((other) => normalizeMac(other.spec.macaddress ?? '') ?? '');
}

/** The hardware this machine holds, claiming it first if needed (one conditional UPDATE: never twice). */
async function resolveHardware(
  ctx: ControllerContext,
  boot: BootService,
  machine: PlunderMachine,
): Promise<HardwareOutcome> {
  const { namespace = '', name = '', uid = '' } = machine.metadata;
  const wanted = machine.spec.macaddress ? normalizeMac(machine.spec.macaddress) : undefined;
  const known = machine.status?.macaddress ? boot.store.get(machine.status.macaddress) : undefined;
  let row = known?.claim?.uid === uid ? known : undefined;
  if (!row) {
    const claimed =
      (await boot.hardwareDb.claims.claimOf(uid)) ??
      (await boot.hardwareDb.claims.claim(
        { uid, namespace, name },
        wanted
          ? { mac: wanted }
          : { freshSinceMs: Date.now() - FRESH_MS, reserved: reservedMacs(ctx, machine) },
      ));
    if (!claimed) return { waiting: wanted ? { mac: wanted } : 'any' };
    boot.store.applyStates([claimed], Date.now());
    row = boot.store.get(claimed.mac);
    if (!row) return { waiting: wanted ? { mac: wanted } : 'any' };
  }
  const timeoutMs = boot.installTimeoutMs;
  if (row.state === 'provisioning' && Date.now() - row.stateChangedAt > timeoutMs) {
    const reached = boot.progress.current(row.mac)?.step;
    const expired = await boot.hardwareDb.claims.expireInstall(
      uid,
      Date.now() - timeoutMs,
      `no callback within ${Math.round(timeoutMs / 60_000)} min: the host vanished or the installer hung`,
      reached === 'failed' || reached === 'done' ? undefined : reached,
    );
    if (expired) boot.store.applyStates([expired], Date.now());
  }
  return {
    mac: row.mac,
    state: row.state,
    attempts: row.attempts,
    failureReason: row.failureReason,
    failureMessage: row.failureMessage,
    conflictIp: row.conflict?.ip ?? null,
  };
}

/** Why the machine's boot profile cannot be used; nothing once it is provisioned (it boots its disk). */
async function profileProblemOf(
  boot: BootService,
  machine: PlunderMachine,
): Promise<MachineObserved['profileProblem']> {
  if (machine.status?.ready) return undefined;
  const usable = await boot.profiles.usable(profileNameOf(machine), 'install');
  return 'reason' in usable ? usable : undefined;
}

/**
 * Whether the owner Machine exists; then, unless its boot profile is unknown or not usable, the
 * machine's address and, once it has one, its hardware, each claimed if it is not held yet.
 */
export async function observeClaims(
  ctx: ControllerContext,
  boot: BootService,
  machine: PlunderMachine,
): Promise<MachineObserved> {
  const hostname = hostnameOf(machine);
  const waitingForOwner = await ownerWait(ctx, machine);
  if (waitingForOwner) return { machine, hostname, address: { ip: '' }, waitingForOwner };
  const clusterName = clusterNameOf(machine);
  const cluster = clusterName
    ? ctx.informers.of(plunderClusterResource).get(clusterName, machine.metadata.namespace)
    : undefined;
  const profileProblem = await profileProblemOf(boot, machine);
  const address = profileProblem
    ? { ip: machine.spec.ipaddress ?? '' }
    : await resolveAddress(boot, machine, cluster);
  const hardware = !profileProblem && 'ip' in address ? await resolveHardware(ctx, boot, machine) : undefined;
  return { machine, hostname, address, hardware, profileProblem };
}
