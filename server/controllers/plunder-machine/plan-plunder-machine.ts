/**
 * The PlunderMachine planner: from what the reconcile observed (the address outcome and the state of
 * the hardware it holds or waits for) to the status to write, providerID, events and when to look
 * again. Pure and table-tested; the reconcile does the I/O.
 */
import type { PlannedEvent } from '../../kube/reconcile-steps';
import type { HardwareState } from '../../schemas/hardware-list';
import type { PlunderMachine, PlunderMachineStatus } from '../../types/crds';
import { readyCondition, type ReadyVerdict } from '../common/ready-condition';

export type AddressOutcome =
  | { ip: string }
  | { problem: string; reason: 'NoAddress' | 'AddressConflict' | 'InvalidAddress' | 'InvalidPool' };

export type HardwareOutcome =
  | { waiting: { mac: string } | 'any' }
  | {
      mac: string;
      state: HardwareState;
      attempts: number;
      failureReason: string | null;
      failureMessage: string | null;
      /** Another address asked for the MAC: nothing installs until an operator confirms one. */
      conflictIp?: string | null;
    };

export interface MachineObserved {
  machine: PlunderMachine;
  /**
   * No Cluster API Machine owns it (`unowned`), or the Machine its ownerReference names is not there
   * (`{ missing }`), and it did not opt out: nothing is claimed until its Machine owns it.
   */
  waitingForOwner?: 'unowned' | { missing: string };
  hostname: string;
  address: AddressOutcome;
  /** Undefined when the address step already stopped the pass. */
  hardware?: HardwareOutcome;
  /** The machine's boot profile does not exist (or wipes) or one of its files is missing or changed. */
  profileProblem?: { reason: 'UnknownProfile' | 'ProfileNotReady'; message: string };
}

export interface MachinePlan {
  status: PlunderMachineStatus;
  providerID?: string;
  events: PlannedEvent[];
  requeueAfterMs?: number;
}

/** How often a machine that waits is looked at again: hardware may check in at any time. */
export const WAITING_REQUEUE_MS = 5_000;
export const INSTALLING_REQUEUE_MS = 3_000;
export const FAILED_REQUEUE_MS = 15_000;
export const NO_ADDRESS_REQUEUE_MS = 30_000;

export function providerIdOf(mac: string): string {
  return `plunder://${mac}`;
}

function failed(
  observed: MachineObserved,
  reason: string,
  message: string,
  requeueAfterMs: number,
): MachinePlan {
  const previous = observed.machine.status;
  const changed = previous?.failureReason !== reason || previous.failureMessage !== message;
  return {
    status: {
      ready: false,
      phase: 'Failed',
      machineName: observed.hostname,
      failureReason: reason,
      failureMessage: message,
      ...(previous?.macaddress ? { macaddress: previous.macaddress } : {}),
      ...('ip' in observed.address ? { ipaddress: observed.address.ip } : {}),
    },
    events: changed ? [{ type: 'Warning', reason, note: message }] : [],
    requeueAfterMs,
  };
}

/** The Ready condition's reason while no Cluster API Machine owns the machine. */
export const WAITING_FOR_OWNER = 'WaitingForOwnerMachine';

/**
 * The plan, with status.conditions holding one Ready condition that mirrors the phase: True once
 * provisioned, otherwise False with the phase (or WaitingForOwnerMachine) as its reason.
 */
export function planPlunderMachine(observed: MachineObserved, now: Date): MachinePlan {
  const plan = planPhase(observed);
  const { status } = plan;
  const verdict: ReadyVerdict = status.ready
    ? { status: 'True', reason: 'Provisioned', message: status.message ?? 'provisioned' }
    : {
        status: 'False',
        reason: observed.waitingForOwner ? WAITING_FOR_OWNER : (status.phase ?? 'Waiting'),
        message: status.failureMessage ?? status.message ?? '',
      };
  return { ...plan, status: { ...status, conditions: [readyCondition(observed.machine, verdict, now)] } };
}

function planPhase(observed: MachineObserved): MachinePlan {
  const owner = observed.waitingForOwner;
  if (owner) {
    // The Cluster API contract: an infrastructure machine acts only once its Machine owns it.
    return {
      status: {
        ready: false,
        phase: 'Waiting',
        machineName: observed.hostname,
        message:
          owner === 'unowned'
            ? 'waiting for a Cluster API Machine to own it (an ownerReference of kind Machine), as the ' +
              'Cluster API contract requires'
            : `waiting for its owner, Cluster API Machine ${owner.missing}, which does not exist`,
      },
      events: [],
      // Machines are not watched (Cluster API may not be installed): look again for the owner.
      ...(owner === 'unowned' ? {} : { requeueAfterMs: WAITING_REQUEUE_MS }),
    };
  }
  const previousPhase = observed.machine.status?.phase;
  const profile = observed.profileProblem;
  if (profile) return failed(observed, profile.reason, profile.message, NO_ADDRESS_REQUEUE_MS);
  const { address } = observed;
  if ('problem' in address) {
    return failed(
      observed,
      address.reason,
      address.problem,
      address.reason === 'NoAddress' || address.reason === 'AddressConflict'
        ? NO_ADDRESS_REQUEUE_MS
        : FAILED_REQUEUE_MS,
    );
  }
  const base: PlunderMachineStatus = { machineName: observed.hostname, ipaddress: address.ip, ready: false };
  const hardware = observed.hardware;
  if (!hardware || 'waiting' in hardware) {
    const wanted = hardware && hardware.waiting !== 'any' ? hardware.waiting.mac : undefined;
    const message = wanted
      ? `waiting for ${wanted} to boot (it has not checked in, or another machine holds it)`
      : 'waiting for unleased hardware to boot';
    return {
      status: { ...base, phase: 'Waiting', message },
      // Upstream's reason, once when the wait starts (upstream repeated it on every retry).
      events:
        previousPhase === 'Waiting'
          ? []
          : [
              {
                type: 'Warning',
                reason: 'No Hardware found',
                note: `Plunder has no available hardware to provision: ${message}`,
              },
            ],
      requeueAfterMs: WAITING_REQUEUE_MS,
    };
  }
  const status: PlunderMachineStatus = {
    ...base,
    macaddress: hardware.mac,
    installAttempts: hardware.attempts,
  };
  const events: PlannedEvent[] = [];
  switch (hardware.state) {
    case 'claimed':
      if (previousPhase === undefined || previousPhase === 'Waiting') {
        events.push({
          type: 'Normal',
          reason: 'PlunderProvision',
          note: `Claimed ${hardware.mac}; it installs on its next boot`,
        });
      }
      return {
        status: {
          ...status,
          phase: 'Claimed',
          message: hardware.conflictIp
            ? `${hardware.mac} has an address conflict (${hardware.conflictIp} also asked for it); an operator must confirm the machine's address`
            : hardware.failureMessage
              ? `install failed (${hardware.failureMessage}); retrying on the next boot`
              : `waiting for ${hardware.mac} to boot into the installer`,
        },
        events,
        requeueAfterMs: INSTALLING_REQUEUE_MS,
      };
    case 'provisioning':
      if (previousPhase !== 'Provisioning') {
        events.push({
          type: 'Normal',
          reason: 'PlunderProvision',
          note: 'Plunder has begun provisioning the Operating System',
        });
      }
      return {
        status: { ...status, phase: 'Provisioning', message: `installing (attempt ${hardware.attempts})` },
        events,
        requeueAfterMs: INSTALLING_REQUEUE_MS,
      };
    case 'provisioned':
      if (previousPhase !== 'Provisioned') {
        events.push({
          type: 'Normal',
          reason: 'PlunderProvision',
          note: `Host has been successfully provisioned (${hardware.mac})`,
        });
      }
      return {
        status: { ...status, ready: true, phase: 'Provisioned', message: 'provisioned' },
        providerID: providerIdOf(hardware.mac),
        events,
      };
    case 'failed': {
      const plan = failed(
        observed,
        hardware.failureReason ?? 'InstallFailed',
        hardware.failureMessage ?? 'the installer reported a failure',
        FAILED_REQUEUE_MS,
      );
      return {
        ...plan,
        status: { ...plan.status, macaddress: hardware.mac, installAttempts: hardware.attempts },
      };
    }
    case 'unleased':
    case 'wiping':
    case 'wiped':
      // The claim went away under us (released by hand): claim again on the next pass.
      return {
        status: { ...base, phase: 'Waiting', message: `${hardware.mac} is no longer held; claiming again` },
        events: [],
        requeueAfterMs: INSTALLING_REQUEUE_MS,
      };
  }
}
