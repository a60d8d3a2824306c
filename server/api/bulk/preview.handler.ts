import { visibleScope } from '../caller-scope';
import type { HandlerOptions } from '../trpc';
import { bulkRunnerOf } from './bulk-jobs';
import type { BulkPreviewInput } from './start.schema';

/** What the confirmation names: how many of the caller's hosts the filter matches now, and a sample. */
export function previewHandler({ ctx, input }: HandlerOptions<BulkPreviewInput>) {
  return bulkRunnerOf(ctx.runtime).preview(input, visibleScope(ctx.scope));
}
