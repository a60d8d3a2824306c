import { TRPCError } from '@trpc/server';
import type { Runtime } from '../../runtime';
import type { MachineRef } from '../../schemas/provision-form';
import { plunderClusterResource, plunderMachineResource, type PlunderMachine } from '../../types/crds';

export const machinesOf = (runtime: Runtime) => runtime.informers.of(plunderMachineResource);
export const clustersOf = (runtime: Runtime) => runtime.informers.of(plunderClusterResource);

export function findMachine(runtime: Runtime, ref: MachineRef): PlunderMachine {
  const machine = machinesOf(runtime).get(ref.name, ref.namespace);
  if (!machine?.metadata.uid) {
    throw new TRPCError({ code: 'NOT_FOUND', message: `No PlunderMachine ${ref.namespace}/${ref.name}` });
  }
  return machine;
}
