import { ironicFormSchema } from '../../schemas/ironic-form';
import { ironicResource } from '../../types/crds/ironic';
import { ironicDatabaseResource } from '../../types/crds/ironic-database';
import { namespacesHandler } from '../namespaces.handler';
import { editProcedures } from '../edit-procedures';
import { objectRefSchema } from '../object-ref';
import { adminProcedure, operatorProcedure, router, viewerProcedure } from '../trpc';
import { createHandler } from './create.handler';
import { databasesHandler } from './databases.handler';
import { deleteDatabaseHandler } from './delete-database.handler';
import { deleteHandler } from './delete.handler';
import { deleteInputSchema } from './delete.schema';
import { detailHandler } from './detail.handler';
import { dryRunHandler } from './dry-run.handler';
import { eventsHandler } from './events.handler';
import { ironicQuerySchema } from './ironic-query';
import { listHandler } from './list.handler';
import { namespaceOptionsHandler } from './namespace-options.handler';
import { namespaceOptionsInputSchema } from './namespace-options.schema';
import { revealCredentialsHandler } from './reveal-credentials.handler';
import { editableIronic } from './edit-ironic';

export const ironicRouter = router({
  list: viewerProcedure
    .meta({ namespaced: 'filtered', reads: [ironicResource] })
    .input(ironicQuerySchema)
    .subscription(listHandler),
  detail: viewerProcedure.meta({ namespaced: 'input' }).input(objectRefSchema).subscription(detailHandler),
  events: viewerProcedure.meta({ namespaced: 'input' }).input(objectRefSchema).query(eventsHandler),
  namespaces: viewerProcedure.meta({ namespaced: 'filtered' }).query(namespacesHandler),
  namespaceOptions: viewerProcedure
    .meta({ namespaced: 'input' })
    .input(namespaceOptionsInputSchema)
    .query(namespaceOptionsHandler),
  create: operatorProcedure.meta({ namespaced: 'input' }).input(ironicFormSchema).mutation(createHandler),
  dryRun: operatorProcedure.meta({ namespaced: 'input' }).input(ironicFormSchema).mutation(dryRunHandler),
  delete: operatorProcedure.meta({ namespaced: 'input' }).input(deleteInputSchema).mutation(deleteHandler),
  databases: viewerProcedure
    .meta({ namespaced: 'filtered', reads: [ironicDatabaseResource] })
    .subscription(databasesHandler),
  deleteDatabase: operatorProcedure
    .meta({ namespaced: 'input' })
    .input(objectRefSchema)
    .mutation(deleteDatabaseHandler),
  ...editProcedures(ironicFormSchema, editableIronic),
  revealCredentials: adminProcedure
    .meta({ namespaced: 'input' })
    .input(objectRefSchema)
    .mutation(revealCredentialsHandler),
});
