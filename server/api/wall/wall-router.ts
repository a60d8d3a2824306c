import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { sipClusterResource } from '../../types/crds/sip-cluster';
import { router, wallProcedure } from '../trpc';
import { liveHandler, wallInputSchema } from './live.handler';

export const wallRouter = router({
  live: wallProcedure
    .meta({ namespaced: 'filtered', reads: [bareMetalHostResource, sipClusterResource] })
    .input(wallInputSchema)
    .subscription(liveHandler),
});
