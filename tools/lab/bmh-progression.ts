import type { BareMetalHostStatus } from '../../server/types/crds/bare-metal-host';
import type { LabHost } from './lab-hosts';
import { metal3Time } from './metal3-time';

/**
 * What BMO reports while it takes on a newly racked host: registering (BMC credentials being tried,
 * power unknown), then inspecting (powered on, booted into the inspection ramdisk), then the lab's
 * final status for the host's scenario, with hardware details. Pure: the seed writes the steps.
 */

export interface StatusStep {
  /** Milliseconds after the host's own start. */
  atMs: number;
  status: BareMetalHostStatus;
}

/** Hosts seeded as already in service (provisioned once) are adopted with their history, as after a pivot. */
export function progressesOnSeed(host: LabHost): boolean {
  return host.scenario !== 'provisioned' && host.scenario !== 'returned';
}

/**
 * The statuses a fresh host goes through when it starts at `startMs`: registering at once,
 * inspecting after `stepMs`, and (unless the scenario is stuck in inspection) the final status
 * after four steps, since inspection takes longest. `final` is the host's status as the seed writes it.
 */
export function statusProgression(
  host: LabHost,
  final: BareMetalHostStatus,
  startMs: number,
  stepMs: number,
): StatusStep[] {
  const registered = startMs + Math.round(stepMs * 0.8);
  const inspectStart = startMs + stepMs;
  const inspectEnd = startMs + 4 * stepMs;
  const cleared = { errorType: '' as const, errorMessage: '', errorCount: 0 };
  const provisioning = final.provisioning ?? { state: 'available' as const };
  const registering: BareMetalHostStatus = {
    operationalStatus: 'OK',
    ...cleared,
    poweredOn: false,
    lastUpdated: metal3Time(startMs),
    ...(final.triedCredentials ? { triedCredentials: final.triedCredentials } : {}),
    provisioning: { state: 'registering', ID: '', bootMode: provisioning.bootMode },
    operationHistory: {
      register: { start: metal3Time(startMs) },
      inspect: {},
      provision: {},
      deprovision: {},
    },
  };
  const inspecting: BareMetalHostStatus = {
    ...registering,
    poweredOn: true,
    lastUpdated: metal3Time(inspectStart),
    ...(final.goodCredentials ? { goodCredentials: final.goodCredentials } : {}),
    provisioning: { state: 'inspecting', ID: provisioning.ID, bootMode: provisioning.bootMode },
    operationHistory: {
      register: { start: metal3Time(startMs), end: metal3Time(registered) },
      inspect: { start: metal3Time(inspectStart) },
      provision: {},
      deprovision: {},
    },
  };
  const steps: StatusStep[] = [
    { atMs: 0, status: registering },
    { atMs: stepMs, status: inspecting },
  ];
  if (host.scenario === 'inspecting') return steps;
  steps.push({
    atMs: 4 * stepMs,
    status: {
      ...final,
      lastUpdated: metal3Time(inspectEnd),
      operationHistory: {
        ...final.operationHistory,
        register: { start: metal3Time(startMs), end: metal3Time(registered) },
        inspect: { start: metal3Time(inspectStart), end: metal3Time(inspectEnd) },
      },
    },
  });
  return steps;
}
