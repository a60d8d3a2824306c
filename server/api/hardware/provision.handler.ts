import type { ProvisionInput } from '../../schemas/provision-form';
import type { HandlerOptions } from '../trpc';
import { provision } from './provision';

/** PlunderMachines (and optionally their PlunderCluster) for the selected MACs; all or nothing. */
export function provisionHandler({ ctx, input }: HandlerOptions<ProvisionInput>) {
  return provision({ kc: ctx.runtime.kc, informers: ctx.runtime.informers, boot: ctx.runtime.boot }, input);
}
