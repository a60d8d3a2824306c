import type { HardwareRecord } from '../../boot/hardware-store';
import { machineIpOf } from '../../boot/machine-facts';
import type { StepView } from '../../schemas/boot-progress';
import type { HardwareRow } from '../../schemas/hardware-list';
import type { PlunderMachine } from '../../types/crds';

/** The list row of one MAC: what the boot service knows, plus its machine's address and failure, and its latest step. */
export function hardwareRow(
  record: HardwareRecord,
  machineOf: (namespace: string, name: string) => PlunderMachine | undefined,
  step: StepView | undefined,
): HardwareRow {
  const claim = record.claim;
  const machine = claim ? machineOf(claim.namespace, claim.name) : undefined;
  const live = machine && claim?.uid && machine.metadata.uid === claim.uid ? machine : undefined;
  return {
    mac: record.mac,
    vendor: record.vendor,
    ip: record.ip,
    addressConflict: record.conflict && {
      ip: record.conflict.ip,
      firstSeen: new Date(record.conflict.firstSeen).toISOString(),
      lastSeen: new Date(record.conflict.lastSeen).toISOString(),
      count: record.conflict.count,
    },
    uuid: record.uuid,
    serial: record.serial,
    firstSeen: new Date(record.firstSeen).toISOString(),
    lastSeen: new Date(record.lastSeen).toISOString(),
    bootCount: record.bootCount,
    state: record.state,
    machine: claim ? { namespace: claim.namespace, name: claim.name } : null,
    machineIp: live ? (machineIpOf(live) ?? null) : null,
    failureReason: record.failureReason ?? live?.status?.failureReason ?? null,
    failureMessage: record.failureMessage ?? live?.status?.failureMessage ?? null,
    step: step ?? null,
  };
}
