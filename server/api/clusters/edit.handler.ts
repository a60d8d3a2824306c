import { editObject } from '../object-edit';
import type { HandlerOptions } from '../trpc';
import { editableSipCluster } from './edit-sip-cluster';
import type { EditInput } from './edit.schema';

/** Applies the form's changes to the live SIPCluster, at the resourceVersion the form read. */
export function editHandler({ ctx, input }: HandlerOptions<EditInput>) {
  return editObject(ctx.runtime.kc, editableSipCluster(ctx.runtime), input, false);
}
