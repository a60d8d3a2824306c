import { router, viewerProcedure } from '../trpc';
import { getHandler } from './get.handler';
import { healthHandler } from './health.handler';
import { liveHandler } from './live.handler';

export const overviewRouter = router({
  get: viewerProcedure.meta({ namespaced: 'filtered' }).query(getHandler),
  health: viewerProcedure.meta({ namespaced: 'filtered' }).query(healthHandler),
  live: viewerProcedure.meta({ namespaced: 'filtered' }).subscription(liveHandler),
});
