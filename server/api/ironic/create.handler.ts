import type { IronicForm } from '../../schemas/ironic-form';
import type { HandlerOptions } from '../trpc';
import { submitIronic } from './create-ironic';

export function createHandler({ ctx, input }: HandlerOptions<IronicForm>) {
  return submitIronic(ctx.runtime, input, false);
}
