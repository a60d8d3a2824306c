import type { ConfirmAddressInput } from '../../schemas/hardware-list';
import type { MachineActionOutcome } from '../../schemas/provision-form';
import type { HandlerOptions } from '../trpc';

/**
 * Resolves an address conflict: of the MAC's bound address and the other one that asked for it, `ip`
 * is the machine's. The MAC is rebound to it and gets tokens again (docs/security.md §15).
 */
export async function confirmAddressHandler({
  ctx,
  input,
}: HandlerOptions<ConfirmAddressInput>): Promise<MachineActionOutcome> {
  const boot = ctx.runtime.boot;
  const by = ctx.principal?.kind === 'user' ? ctx.principal.username : 'an operator';
  const row = await boot.hardwareDb.bindings.confirmAddress(input.mac, input.ip, by);
  if (!row)
    return {
      status: 'rejected',
      message: `${input.mac} has no address conflict involving ${input.ip}`,
    };
  boot.store.applyStates([row], Date.now());
  return { status: 'done' };
}
