/**
 * One unleased machine's turn in a provision job: checked again (still known, still matching the
 * filter, still unleased), then audited and provisioned through the same code as the provision dialog,
 * which gives back the address it reserved when the machine is refused.
 */
import type { Runtime } from '../../runtime';
import type { HardwareBulkAction } from '../../schemas/bulk-actions';
import type { HardwareFilter } from '../../schemas/hardware-list';
import { hardwareRowOf } from '../hardware/hardware-page';
import { provision } from '../hardware/provision';
import { hardwareSkip } from './bulk-hardware-plan';
import type { BulkTarget } from './bulk-plan';
import { auditedTurn, type BulkRequester, type TurnOutcome } from './bulk-turn';
import type { BulkProvision } from './start.schema';

export interface HardwareJobSpec {
  kind: 'hardware';
  id: string;
  action: HardwareBulkAction;
  filter: HardwareFilter;
  provision: BulkProvision;
}

/** Provisions one MAC into the job's cluster; never throws: every end is an outcome with its reason. */
export async function runOnMachine(
  runtime: Runtime,
  job: HardwareJobSpec,
  target: BulkTarget,
  requester: BulkRequester,
): Promise<TurnOutcome> {
  const mac = target.name;
  const skip = hardwareSkip(hardwareRowOf(runtime, runtime.boot, mac), job.filter);
  if (skip) return { outcome: 'skipped', reason: skip };
  const { cluster, ...rest } = job.provision;
  const intent = { action: 'hardware.provision', target: mac, input: { bulkJob: job.id, ...job.provision } };
  return auditedTurn(runtime, requester, intent, async () => {
    const outcome = await provision(
      { kc: runtime.kc, informers: runtime.informers, boot: runtime.boot },
      { ...rest, macs: [mac], cluster: { mode: 'existing', name: cluster } },
    );
    if (outcome.status === 'rejected') return { outcome: 'failed', reason: outcome.message };
    const machine = outcome.machines[0];
    return {
      outcome: 'done',
      reason: machine && `PlunderMachine ${machine.namespace}/${machine.name} at ${machine.ip}`,
    };
  });
}
