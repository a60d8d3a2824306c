import type { MachineActionOutcome, MachineRef } from '../../schemas/provision-form';
import type { HandlerOptions } from '../trpc';
import { findMachine } from './hardware-cache';

/** A failed install is tried again on the machine's next boot. */
export async function retryHandler({
  ctx,
  input,
}: HandlerOptions<MachineRef>): Promise<MachineActionOutcome> {
  const boot = ctx.runtime.boot;
  const machine = findMachine(ctx.runtime, input);
  const row = await boot.hardwareDb.claims.retry(machine.metadata.uid ?? '');
  if (!row)
    return {
      status: 'rejected',
      message: `${input.namespace}/${input.name} has no failed install to retry`,
    };
  boot.store.applyStates([row], Date.now());
  return { status: 'done' };
}
