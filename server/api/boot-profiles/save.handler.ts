import { TRPCError } from '@trpc/server';
import { BootProfileRefused } from '../../boot/boot-profiles';
import type { BootProfileSpec } from '../../schemas/boot-profile';
import type { HandlerOptions } from '../trpc';

/** Creates or replaces a profile; refused, naming the file, when a file is missing or differs. */
export async function saveHandler({ ctx, input }: HandlerOptions<BootProfileSpec>) {
  const by = ctx.principal?.kind === 'user' ? ctx.principal.username : null;
  try {
    return await ctx.runtime.boot.profiles.save(input, by);
  } catch (error) {
    if (error instanceof BootProfileRefused)
      throw new TRPCError({ code: 'BAD_REQUEST', message: error.message });
    throw error;
  }
}
