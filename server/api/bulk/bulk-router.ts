import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { cancelHandler } from './cancel.handler';
import { getHandler } from './get.handler';
import { getInputSchema } from './get.schema';
import { bulkJobIdSchema } from './job-id';
import { listHandler } from './list.handler';
import { previewHandler } from './preview.handler';
import { progressHandler } from './progress.handler';
import { startHandler } from './start.handler';
import { bulkPreviewInputSchema, bulkStartInputSchema } from './start.schema';

export const bulkRouter = router({
  preview: operatorProcedure.input(bulkPreviewInputSchema).query(previewHandler),
  start: operatorProcedure.input(bulkStartInputSchema).mutation(startHandler),
  cancel: operatorProcedure.input(bulkJobIdSchema).mutation(cancelHandler),
  get: viewerProcedure.input(getInputSchema).query(getHandler),
  list: viewerProcedure.query(listHandler),
  progress: viewerProcedure.input(bulkJobIdSchema).subscription(progressHandler),
});
