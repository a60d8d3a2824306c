import { objectRefSchema } from '../object-ref';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { changeHandler } from './change.handler';
import { changeInputSchema } from './change.schema';
import { settingsHandler } from './settings.handler';

export const firmwareRouter = router({
  settings: viewerProcedure.input(objectRefSchema).subscription(settingsHandler),
  change: operatorProcedure.input(changeInputSchema).mutation(changeHandler),
});
