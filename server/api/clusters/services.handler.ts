import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { fetchOwnedServices } from './owned-services';

/** The Deployments and Services the SIPCluster owns, read on demand. */
export function servicesHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  return fetchOwnedServices(ctx.runtime.kc, ctx.runtime.informers, input.namespace, input.name);
}
