import type { IronicForm } from '../../schemas/ironic-form';
import type { HandlerOptions } from '../trpc';
import { submitIronic } from './create-ironic';

/** The same checks as create, ending in a server-side dry run of every object: nothing is stored. */
export function dryRunHandler({ ctx, input }: HandlerOptions<IronicForm>) {
  return submitIronic(ctx.runtime, input, true);
}
