import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
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

/**
 * A caller bound to some namespaces selects, starts and sees only jobs on hosts of their namespaces
 * (bulk-store.ts jobInScope); each turn re-checks its host against the starter's namespaces.
 */
const filtered = { namespaced: 'filtered' } as const;
/** With impersonation, what the caller's identity may list decides which hosts a read sees (reviewed-scope.ts). */
const readsHosts = { ...filtered, reads: [bareMetalHostResource] };

export const bulkRouter = router({
  preview: operatorProcedure.meta(readsHosts).input(bulkPreviewInputSchema).query(previewHandler),
  start: operatorProcedure.meta(filtered).input(bulkStartInputSchema).mutation(startHandler),
  cancel: operatorProcedure.meta(filtered).input(bulkJobIdSchema).mutation(cancelHandler),
  get: viewerProcedure.meta(readsHosts).input(getInputSchema).query(getHandler),
  list: viewerProcedure.meta(readsHosts).query(listHandler),
  progress: viewerProcedure.meta(readsHosts).input(bulkJobIdSchema).subscription(progressHandler),
});
