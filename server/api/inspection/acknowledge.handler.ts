import { TRPCError } from '@trpc/server';
import { acknowledgeInspection } from '../../db/inspection-history';
import { actorOf, type HandlerOptions } from '../trpc';
import type { AcknowledgeInput } from './acknowledge.schema';

/** Stops the overview raising a host's lost hardware, until an inspection finds a change again. */
export async function acknowledgeHandler({ ctx, input }: HandlerOptions<AcknowledgeInput>) {
  const { actor } = actorOf(ctx.principal);
  if (!(await acknowledgeInspection(ctx.runtime.db, input, input.id, actor))) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: `inspection ${input.id} of ${input.namespace}/${input.name} is not its newest unacknowledged loss of hardware`,
    });
  }
  return { acknowledged: true };
}
