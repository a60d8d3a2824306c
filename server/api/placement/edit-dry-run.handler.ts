import { editObject } from '../object-edit';
import type { HandlerOptions } from '../trpc';
import { editablePlacement } from './edit-placement';
import type { EditInput } from './edit.schema';

/** The edit as a server-side dry run: the API server's result compared with the live PlacementAPI. */
export function editDryRunHandler({ ctx, input }: HandlerOptions<EditInput>) {
  return editObject(ctx.runtime.kc, editablePlacement(ctx.runtime), input, true);
}
