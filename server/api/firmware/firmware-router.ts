import { objectRefSchema } from '../object-ref';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { baselineRefSchema, baselineSaveSchema } from './baseline.schema';
import { baselinesHandler, deleteBaselineHandler, saveBaselineHandler } from './baselines';
import { changeHandler } from './change.handler';
import { componentsChangeHandler } from './components-change.handler';
import { componentsChangeInputSchema } from './components-change.schema';
import { fleetHandler } from './fleet.handler';
import { fleetInputSchema } from './fleet.schema';
import { changeInputSchema } from './change.schema';
import { raidChangeHandler } from './raid-change.handler';
import { raidChangeInputSchema } from './raid-change.schema';
import { raidHandler } from './raid.handler';
import { settingsHandler } from './settings.handler';

export const firmwareRouter = router({
  settings: viewerProcedure.input(objectRefSchema).subscription(settingsHandler),
  change: operatorProcedure.input(changeInputSchema).mutation(changeHandler),
  componentsChange: operatorProcedure.input(componentsChangeInputSchema).mutation(componentsChangeHandler),
  raid: viewerProcedure.input(objectRefSchema).subscription(raidHandler),
  raidChange: operatorProcedure.input(raidChangeInputSchema).mutation(raidChangeHandler),
  fleet: viewerProcedure.input(fleetInputSchema).subscription(fleetHandler),
  baselines: viewerProcedure.query(baselinesHandler),
  saveBaseline: operatorProcedure.input(baselineSaveSchema).mutation(saveBaselineHandler),
  deleteBaseline: operatorProcedure.input(baselineRefSchema).mutation(deleteBaselineHandler),
});
