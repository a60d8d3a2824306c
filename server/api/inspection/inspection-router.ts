import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { objectRefSchema } from '../object-ref';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { acknowledgeHandler } from './acknowledge.handler';
import { acknowledgeInputSchema } from './acknowledge.schema';
import { historyHandler } from './history.handler';
import { lostHandler } from './lost.handler';

export const inspectionRouter = router({
  history: viewerProcedure.meta({ namespaced: 'input' }).input(objectRefSchema).subscription(historyHandler),
  lost: viewerProcedure
    .meta({ namespaced: 'filtered', reads: [bareMetalHostResource] })
    .subscription(lostHandler),
  acknowledge: operatorProcedure
    .meta({ namespaced: 'input' })
    .input(acknowledgeInputSchema)
    .mutation(acknowledgeHandler),
});
