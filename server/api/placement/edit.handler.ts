import { editObject } from '../object-edit';
import type { HandlerOptions } from '../trpc';
import { editablePlacement } from './edit-placement';
import type { EditInput } from './edit.schema';

/** Applies the form's changes to the live PlacementAPI, at the resourceVersion the form read. */
export function editHandler({ ctx, input }: HandlerOptions<EditInput>) {
  return editObject(ctx.runtime.kc, editablePlacement(ctx.runtime), input, false);
}
