import { placementApiResource } from '../../types/crds/placement-api';
import { placementFormSchema } from '../../schemas/placement-form';
import { namespacesHandler } from '../namespaces.handler';
import { editProcedures } from '../edit-procedures';
import { objectRefSchema } from '../object-ref';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { createHandler } from './create.handler';
import { deleteHandler } from './delete.handler';
import { detailHandler } from './detail.handler';
import { dryRunHandler } from './dry-run.handler';
import { eventsHandler } from './events.handler';
import { listHandler } from './list.handler';
import { placementQuerySchema } from './placement-row';
import { secretOptionsHandler } from './secret-options.handler';
import { secretOptionsInputSchema } from './secret-options.schema';
import { editablePlacement } from './edit-placement';

export const placementRouter = router({
  list: viewerProcedure
    .meta({ namespaced: 'filtered', reads: [placementApiResource] })
    .input(placementQuerySchema)
    .subscription(listHandler),
  detail: viewerProcedure.meta({ namespaced: 'input' }).input(objectRefSchema).subscription(detailHandler),
  events: viewerProcedure.meta({ namespaced: 'input' }).input(objectRefSchema).query(eventsHandler),
  namespaces: viewerProcedure.meta({ namespaced: 'filtered' }).query(namespacesHandler),
  secretOptions: viewerProcedure
    .meta({ namespaced: 'input' })
    .input(secretOptionsInputSchema)
    .query(secretOptionsHandler),
  create: operatorProcedure.meta({ namespaced: 'input' }).input(placementFormSchema).mutation(createHandler),
  dryRun: operatorProcedure.meta({ namespaced: 'input' }).input(placementFormSchema).mutation(dryRunHandler),
  delete: operatorProcedure.meta({ namespaced: 'input' }).input(objectRefSchema).mutation(deleteHandler),
  ...editProcedures(placementFormSchema, editablePlacement),
});
