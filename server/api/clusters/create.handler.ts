import type { SipClusterForm } from '../../schemas/sip-cluster-form';
import { visibleScope } from '../caller-scope';
import type { HandlerOptions } from '../trpc';
import { submitSipCluster } from './create-sip-cluster';

export function createHandler({ ctx, input }: HandlerOptions<SipClusterForm>) {
  return submitSipCluster(ctx.runtime, input, false, visibleScope(ctx.scope));
}
