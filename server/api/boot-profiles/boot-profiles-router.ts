import { TRPCError } from '@trpc/server';
import { BootProfileRefused } from '../../boot/boot-profiles';
import { profileNameOf } from '../../boot/machine-facts';
import {
  bootProfileInputSchema,
  bootProfileNameSchema,
  type BootProfileView,
} from '../../schemas/boot-profile';
import type { MachineActionOutcome } from '../../schemas/provision-form';
import { plunderMachineResource } from '../../types/crds';
import { adminProcedure, router, viewerProcedure } from '../trpc';

export const bootProfilesRouter = router({
  /** Every profile with its files (size, SHA-256) and whether it is usable, or what is wrong. */
  list: viewerProcedure.query(({ ctx }): BootProfileView[] => ctx.runtime.boot.profiles.list()),
  /** Creates or replaces a profile; refused, naming the file, when a file is missing or differs. */
  save: adminProcedure.input(bootProfileInputSchema).mutation(async ({ ctx, input }) => {
    const by = ctx.principal?.kind === 'user' ? ctx.principal.username : null;
    try {
      return await ctx.runtime.boot.profiles.save(input, by);
    } catch (error) {
      if (error instanceof BootProfileRefused)
        throw new TRPCError({ code: 'BAD_REQUEST', message: error.message });
      throw error;
    }
  }),
  /** Deletes a profile no machine still to be provisioned names. */
  delete: adminProcedure
    .input(bootProfileNameSchema)
    .mutation(async ({ ctx, input }): Promise<MachineActionOutcome> => {
      const users = ctx.runtime.informers
        .of(plunderMachineResource)
        .list()
        .filter((machine) => !machine.status?.ready && profileNameOf(machine) === input.name);
      const user = users[0];
      if (user)
        return {
          status: 'rejected',
          message: `${users.length} machine(s) still to be provisioned use boot profile ${input.name}, e.g. ${user.metadata.namespace ?? ''}/${user.metadata.name ?? ''}`,
        };
      if (!(await ctx.runtime.boot.profiles.remove(input.name)))
        return { status: 'rejected', message: `no boot profile named ${input.name}` };
      return { status: 'done' };
    }),
});
