import { editObject } from '../object-edit';
import type { HandlerOptions } from '../trpc';
import { editableIronic } from './edit-ironic';
import type { EditInput } from './edit.schema';

/** The edit as a server-side dry run: the API server's result compared with the live Ironic. */
export function editDryRunHandler({ ctx, input }: HandlerOptions<EditInput>) {
  return editObject(ctx.runtime.kc, editableIronic, input, true);
}
