import { router, wallProcedure } from '../trpc';
import { liveHandler, wallInputSchema } from './live.handler';

export const wallRouter = router({
  live: wallProcedure.meta({ namespaced: 'filtered' }).input(wallInputSchema).subscription(liveHandler),
});
