import { editObject } from '../object-edit';
import type { HandlerOptions } from '../trpc';
import { editableSipCluster } from './edit-sip-cluster';
import type { EditInput } from './edit.schema';

/** The edit as a server-side dry run: the API server's result compared with the live SIPCluster. */
export function editDryRunHandler({ ctx, input }: HandlerOptions<EditInput>) {
  return editObject(ctx.runtime.kc, editableSipCluster(ctx.runtime), input, true);
}
