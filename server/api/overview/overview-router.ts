import { router, viewerProcedure } from '../trpc';
import { getHandler } from './get.handler';
import { healthHandler } from './health.handler';
import { liveHandler } from './live.handler';

export const overviewRouter = router({
  get: viewerProcedure.query(getHandler),
  health: viewerProcedure.query(healthHandler),
  live: viewerProcedure.subscription(liveHandler),
});
