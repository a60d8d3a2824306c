import { createNamespaceInputSchema } from '../../schemas/ssh-key-secret';
import { namespacesHandler } from '../namespaces.handler';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { createHandler } from './create.handler';

export const namespacesRouter = router({
  list: viewerProcedure.meta({ namespaced: 'filtered' }).query(namespacesHandler),
  create: operatorProcedure.input(createNamespaceInputSchema).mutation(createHandler),
});
