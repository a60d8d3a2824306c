import type { ContrailGroupForm } from '../../schemas/contrail-group-form';
import type { HandlerOptions } from '../trpc';
import { submitContrailGroup } from './create-group';

export function groupsDryRunHandler({ ctx, input }: HandlerOptions<ContrailGroupForm>) {
  return submitContrailGroup(ctx.runtime.kc, ctx.runtime.informers, input, true);
}
