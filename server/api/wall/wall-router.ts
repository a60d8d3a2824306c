import { router, wallProcedure } from '../trpc';
import { liveHandler } from './live.handler';

export const wallRouter = router({
  live: wallProcedure.subscription(liveHandler),
});
