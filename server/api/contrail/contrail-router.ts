import { contrailGroupFormSchema } from '../../schemas/contrail-group-form';
import { editProcedures } from '../edit-procedures';
import { objectRefSchema } from '../object-ref';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { contrailQuerySchema } from './contrail-query';
import { editableGroup } from './edit-group';
import { groupsCreateHandler } from './groups-create.handler';
import { groupsDeleteHandler } from './groups-delete.handler';
import { groupsDetailHandler } from './groups-detail.handler';
import { groupsDryRunHandler } from './groups-dry-run.handler';
import { groupsEventsHandler } from './groups-events.handler';
import { groupsListHandler } from './groups-list.handler';
import { groupsManagerOptionsHandler } from './groups-manager-options.handler';
import { groupsMatchingNodesHandler } from './groups-matching-nodes.handler';
import { managersDeleteHandler } from './managers-delete.handler';
import { managersDetailHandler } from './managers-detail.handler';
import { managersEventsHandler } from './managers-events.handler';
import { managersListHandler } from './managers-list.handler';
import { nodeMatchInputSchema } from './node-match';

const managersRouter = router({
  list: viewerProcedure.input(contrailQuerySchema).subscription(managersListHandler),
  detail: viewerProcedure.input(objectRefSchema).subscription(managersDetailHandler),
  events: viewerProcedure.input(objectRefSchema).query(managersEventsHandler),
  delete: operatorProcedure.input(objectRefSchema).mutation(managersDeleteHandler),
});

const groupsRouter = router({
  list: viewerProcedure.input(contrailQuerySchema).subscription(groupsListHandler),
  detail: viewerProcedure.input(objectRefSchema).subscription(groupsDetailHandler),
  events: viewerProcedure.input(objectRefSchema).query(groupsEventsHandler),
  delete: operatorProcedure.input(objectRefSchema).mutation(groupsDeleteHandler),
  managerOptions: viewerProcedure.query(groupsManagerOptionsHandler),
  matchingNodes: viewerProcedure.input(nodeMatchInputSchema).query(groupsMatchingNodesHandler),
  create: operatorProcedure.input(contrailGroupFormSchema).mutation(groupsCreateHandler),
  dryRun: operatorProcedure.input(contrailGroupFormSchema).mutation(groupsDryRunHandler),
  ...editProcedures(contrailGroupFormSchema, editableGroup),
});

export const contrailRouter = router({ managers: managersRouter, groups: groupsRouter });
