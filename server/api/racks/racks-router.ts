import { hostFilterSchema } from '../hosts/host-query';
import { router, viewerProcedure } from '../trpc';
import { viewHandler } from './view.handler';

export const racksRouter = router({
  view: viewerProcedure.input(hostFilterSchema).subscription(viewHandler),
});
