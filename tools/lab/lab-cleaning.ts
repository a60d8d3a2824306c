/**
 * The simulated operator's cleaning of an available host (preparing), as baremetal-operator runs it:
 * the wanted BIOS settings written and requested firmware images flashed, the RAID layout made and
 * recorded in status.provisioning.raid, then available again. A layout the host cannot have (hardware RAID on an IPMI BMC, one the provisioner
 * cannot build) fails the cleaning with BMO's preparation error, and the host stays in preparing until
 * spec.raid changes. Pure: host-step-actions.ts hands the script to the operator loop.
 */
import {
  raidAwaitsCleaning,
  raidCleaningError,
  raidMergePatch,
  raidTarget,
} from '../../server/schemas/raid-apply';
import type { BareMetalHost, BareMetalHostStatus } from '../../server/types/crds/bare-metal-host';
import type { HostAction } from './host-step-actions';

export const PREPARATION_ERROR = 'preparation error';

/** What a cleaning of this host would make of its RAID: nothing, a layout, or BMO's error. */
export function labRaidOutcome(
  host: BareMetalHost,
): { kind: 'none' } | { kind: 'make'; action: HostAction } | { kind: 'fail'; message: string } {
  const applied = host.status?.provisioning?.raid;
  if (!raidAwaitsCleaning(host.spec.raid, applied)) return { kind: 'none' };
  const target = raidTarget(host.spec.raid, applied) ?? {};
  const message = raidCleaningError(target, host.spec.bmc?.address);
  if (message !== undefined) return { kind: 'fail', message };
  return { kind: 'make', action: { kind: 'raid', raid: raidMergePatch(target) } };
}

/** A host in preparing whose failed cleaning would now end otherwise: BMO tries again. */
export function cleaningWorthRetrying(host: BareMetalHost): boolean {
  const status = host.status;
  if (status?.provisioning?.state !== 'preparing' || status.errorType !== PREPARATION_ERROR) return false;
  const outcome = labRaidOutcome(host);
  return outcome.kind !== 'fail' || outcome.message !== status.errorMessage;
}

/** `settings`: the host's HostFirmwareSettings or HostFirmwareComponents hold a change to make. */
export function cleaningActions(host: BareMetalHost, settings: boolean): HostAction[] {
  const { raid: _applied, ...provisioning } = host.status?.provisioning ?? { state: 'available', ID: '' };
  const outcome = labRaidOutcome(host);
  const hadError = Boolean(host.status?.errorType);
  const cleared: BareMetalHostStatus = hadError
    ? { operationalStatus: 'OK', errorType: '', errorMessage: '', errorCount: 0 }
    : {};
  const start: HostAction[] = [
    { kind: 'wait', steps: 1 },
    { kind: 'status', status: () => ({ ...cleared, provisioning: { ...provisioning, state: 'preparing' } }) },
    { kind: 'wait', steps: 2 },
  ];
  if (outcome.kind === 'fail') {
    return [
      ...start,
      {
        kind: 'status',
        status: () => ({
          operationalStatus: 'error',
          errorType: PREPARATION_ERROR,
          errorMessage: outcome.message,
          errorCount: (host.status?.errorCount ?? 0) + 1,
        }),
      },
    ];
  }
  return [
    ...start,
    ...(settings ? [{ kind: 'firmware' } as const] : []),
    ...(outcome.kind === 'make' ? [outcome.action] : []),
    { kind: 'status', status: () => ({ provisioning: { ...provisioning, state: 'available' } }) },
  ];
}
