import { createNamespaceInputSchema } from '../../schemas/ssh-key-secret';
import { namespacesHandler } from '../namespaces.handler';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { createHandler } from './create.handler';

export const namespacesRouter = router({
  list: viewerProcedure.query(namespacesHandler),
  create: operatorProcedure.input(createNamespaceInputSchema).mutation(createHandler),
});
