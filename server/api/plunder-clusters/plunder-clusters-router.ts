import { objectRefSchema } from '../object-ref';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { deleteHandler } from './delete.handler';
import { detailHandler } from './detail.handler';
import { eventsHandler } from './events.handler';
import { listHandler } from './list.handler';
import { plunderClusterQuerySchema } from './plunder-cluster-query';

export const plunderClustersRouter = router({
  list: viewerProcedure.input(plunderClusterQuerySchema).subscription(listHandler),
  detail: viewerProcedure.input(objectRefSchema).subscription(detailHandler),
  events: viewerProcedure.input(objectRefSchema).query(eventsHandler),
  delete: operatorProcedure.input(objectRefSchema).mutation(deleteHandler),
});
