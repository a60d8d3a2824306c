import type { SipClusterForm } from '../../schemas/sip-cluster-form';
import { visibleScope } from '../caller-scope';
import type { HandlerOptions } from '../trpc';
import { submitSipCluster } from './create-sip-cluster';

/** The same checks as create, ending in a server-side dry run: nothing is stored. */
export function dryRunHandler({ ctx, input }: HandlerOptions<SipClusterForm>) {
  return submitSipCluster(ctx.runtime, input, true, visibleScope(ctx.scope));
}
