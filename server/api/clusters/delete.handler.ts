import { TRPCError } from '@trpc/server';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { clusterInformer } from './cluster-cache';
import { deleteSipCluster } from './create-sip-cluster';

export async function deleteHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  const result = await deleteSipCluster(ctx.runtime.kc, input.namespace, input.name);
  if (result.status === 'gone' && !clusterInformer(ctx.runtime).get(input.name, input.namespace)) {
    throw new TRPCError({
      code: 'NOT_FOUND',
      message: `SIPCluster ${input.namespace}/${input.name} does not exist`,
    });
  }
  return result;
}
