import { plunderClusterResource } from '../../types/crds/plunder-cluster';
import { objectRefSchema } from '../object-ref';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { deleteHandler } from './delete.handler';
import { detailHandler } from './detail.handler';
import { eventsHandler } from './events.handler';
import { listHandler } from './list.handler';
import { plunderClusterQuerySchema } from './plunder-cluster-query';

export const plunderClustersRouter = router({
  list: viewerProcedure
    .meta({ namespaced: 'filtered', reads: [plunderClusterResource] })
    .input(plunderClusterQuerySchema)
    .subscription(listHandler),
  detail: viewerProcedure.meta({ namespaced: 'input' }).input(objectRefSchema).subscription(detailHandler),
  events: viewerProcedure.meta({ namespaced: 'input' }).input(objectRefSchema).query(eventsHandler),
  delete: operatorProcedure.meta({ namespaced: 'input' }).input(objectRefSchema).mutation(deleteHandler),
});
