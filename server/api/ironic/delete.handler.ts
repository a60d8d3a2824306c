import { TRPCError } from '@trpc/server';
import { deleteObject } from '../../kube/apply';
import { KubeRequestError } from '../../kube/kube-request';
import { ironicResource } from '../../types/crds';
import { apiServerSaid } from '../api-rejection';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { ironics } from './ironic-cache';

/** Deletes the Ironic; its Deployment, Service and generated credentials go with it. */
export async function deleteHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  if (!ironics(ctx.runtime).get(input.name, input.namespace)) {
    throw new TRPCError({
      code: 'NOT_FOUND',
      message: `Ironic ${input.namespace}/${input.name} does not exist`,
    });
  }
  try {
    await deleteObject(ctx.runtime.kc, ironicResource, input.namespace, input.name);
  } catch (error) {
    if (error instanceof KubeRequestError && error.status === 403)
      throw new TRPCError({ code: 'FORBIDDEN', message: apiServerSaid(error) });
    throw error;
  }
  return { status: 'deleting' as const };
}
