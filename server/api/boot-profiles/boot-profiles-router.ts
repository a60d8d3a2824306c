import { bootProfileInputSchema, bootProfileNameSchema } from '../../schemas/boot-profile';
import { adminProcedure, router, viewerProcedure } from '../trpc';
import { deleteHandler } from './delete.handler';
import { listHandler } from './list.handler';
import { saveHandler } from './save.handler';

export const bootProfilesRouter = router({
  // The site's boot profiles name no namespace's objects; changing them needs admin everywhere.
  list: viewerProcedure.meta({ namespaced: 'none' }).query(listHandler),
  save: adminProcedure.input(bootProfileInputSchema).mutation(saveHandler),
  delete: adminProcedure.input(bootProfileNameSchema).mutation(deleteHandler),
});
