import { editObject } from '../object-edit';
import type { HandlerOptions } from '../trpc';
import { editableIronic } from './edit-ironic';
import type { EditInput } from './edit.schema';

/** Applies the form's changes to the live Ironic, at the resourceVersion the form read. */
export function editHandler({ ctx, input }: HandlerOptions<EditInput>) {
  return editObject(ctx.runtime.kc, editableIronic, input, false);
}
