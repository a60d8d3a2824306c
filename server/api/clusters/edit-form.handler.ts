import type { ObjectRef } from '../object-ref';
import { readEditForm } from '../object-edit';
import type { HandlerOptions } from '../trpc';
import { editableSipCluster } from './edit-sip-cluster';

/** The edit page's start: the live SIPCluster as the form's values, at its resourceVersion. */
export function editFormHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  return readEditForm(ctx.runtime.kc, editableSipCluster(ctx.runtime), input);
}
