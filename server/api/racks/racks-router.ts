import { z } from 'zod';
import { hostFilterSchema } from '../hosts/host-query';
import { objectRefSchema } from '../object-ref';
import { router, viewerProcedure } from '../trpc';
import { hostHandler } from './host.handler';
import { viewHandler } from './view.handler';
import { bareMetalHostResource } from '../../types/crds/bare-metal-host';

/** The host, and the version of it the page draws: a newer version is a new query, not a cached answer. */
export const rackHostSchema = objectRefSchema.extend({ resourceVersion: z.string().max(64) });

export const racksRouter = router({
  view: viewerProcedure
    .meta({ namespaced: 'filtered', reads: [bareMetalHostResource] })
    .input(hostFilterSchema)
    .subscription(viewHandler),
  host: viewerProcedure.meta({ namespaced: 'input' }).input(rackHostSchema).query(hostHandler),
});
