import { deleteObject } from '../../kube/apply';
import type { MachineActionOutcome, MachineRef } from '../../schemas/provision-form';
import { plunderMachineResource } from '../../types/crds';
import type { HandlerOptions } from '../trpc';
import { clusterApiMachineVersion } from './cluster-api';
import { findMachine } from './hardware-cache';

/** Deletes the machine (and its Cluster API Machine): the host is wiped on its next boot, then unleased. */
export async function releaseHandler({
  ctx,
  input,
}: HandlerOptions<MachineRef>): Promise<MachineActionOutcome> {
  findMachine(ctx.runtime, input);
  const capiVersion = await clusterApiMachineVersion(ctx.runtime.kc);
  if (capiVersion) {
    const [group = '', version = ''] = capiVersion.split('/');
    await deleteObject(
      ctx.runtime.kc,
      { group, version, plural: 'machines', kind: 'Machine', namespaced: true },
      input.namespace,
      input.name,
    );
  }
  await deleteObject(ctx.runtime.kc, plunderMachineResource, input.namespace, input.name);
  return { status: 'done' };
}
