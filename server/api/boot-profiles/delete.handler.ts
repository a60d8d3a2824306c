import { profileNameOf } from '../../boot/machine-facts';
import type { z } from 'zod';
import type { bootProfileNameSchema } from '../../schemas/boot-profile';
import type { MachineActionOutcome } from '../../schemas/provision-form';
import { plunderMachineResource } from '../../types/crds';
import type { HandlerOptions } from '../trpc';

/** Deletes a profile no machine still to be provisioned names. */
export async function deleteHandler({
  ctx,
  input,
}: HandlerOptions<z.output<typeof bootProfileNameSchema>>): Promise<MachineActionOutcome> {
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
}
