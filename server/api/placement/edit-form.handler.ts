import type { ObjectRef } from '../object-ref';
import { readEditForm } from '../object-edit';
import type { HandlerOptions } from '../trpc';
import { editablePlacement } from './edit-placement';

/** The edit page's start: the live PlacementAPI as the form's values, at its resourceVersion. */
export function editFormHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  return readEditForm(ctx.runtime.kc, editablePlacement(ctx.runtime), input);
}
