import { router, wallProcedure } from '../trpc';
import { liveHandler, wallInputSchema } from './live.handler';

export const wallRouter = router({
  live: wallProcedure.input(wallInputSchema).subscription(liveHandler),
});
