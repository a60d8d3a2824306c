import { contrailGroupFormSchema } from '../../schemas/contrail-group-form';
import { managerResource } from '../../types/crds/manager';
import { vrouterResource } from '../../types/crds/vrouter';
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

const filtered = { namespaced: 'filtered' } as const;
const named = { namespaced: 'input' } as const;

const managersRouter = router({
  list: viewerProcedure
    .meta({ ...filtered, reads: [managerResource] })
    .input(contrailQuerySchema)
    .subscription(managersListHandler),
  detail: viewerProcedure.meta(named).input(objectRefSchema).subscription(managersDetailHandler),
  events: viewerProcedure.meta(named).input(objectRefSchema).query(managersEventsHandler),
  delete: operatorProcedure.meta(named).input(objectRefSchema).mutation(managersDeleteHandler),
});

const groupsRouter = router({
  list: viewerProcedure
    .meta({ ...filtered, reads: [vrouterResource] })
    .input(contrailQuerySchema)
    .subscription(groupsListHandler),
  detail: viewerProcedure.meta(named).input(objectRefSchema).subscription(groupsDetailHandler),
  events: viewerProcedure.meta(named).input(objectRefSchema).query(groupsEventsHandler),
  delete: operatorProcedure.meta(named).input(objectRefSchema).mutation(groupsDeleteHandler),
  managerOptions: viewerProcedure.meta(filtered).query(groupsManagerOptionsHandler),
  // Nodes are cluster-wide and shared by every namespace's groups: the preview needs a role everywhere.
  matchingNodes: viewerProcedure.input(nodeMatchInputSchema).query(groupsMatchingNodesHandler),
  create: operatorProcedure.meta(named).input(contrailGroupFormSchema).mutation(groupsCreateHandler),
  dryRun: operatorProcedure.meta(named).input(contrailGroupFormSchema).mutation(groupsDryRunHandler),
  ...editProcedures(contrailGroupFormSchema, editableGroup),
});

export const contrailRouter = router({ managers: managersRouter, groups: groupsRouter });
