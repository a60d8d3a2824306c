import type { ObjectRef } from '../object-ref';
import { readEditForm } from '../object-edit';
import type { HandlerOptions } from '../trpc';
import { editableIronic } from './edit-ironic';

/** The edit page's start: the live Ironic as the form's values, at its resourceVersion. */
export function editFormHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  return readEditForm(ctx.runtime.kc, editableIronic, input);
}
