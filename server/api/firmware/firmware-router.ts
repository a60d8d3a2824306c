import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { hostFirmwareSettingsResource } from '../../types/crds/host-firmware-settings';
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

const named = { namespaced: 'input' } as const;

export const firmwareRouter = router({
  settings: viewerProcedure.meta(named).input(objectRefSchema).subscription(settingsHandler),
  change: operatorProcedure.meta(named).input(changeInputSchema).mutation(changeHandler),
  componentsChange: operatorProcedure
    .meta(named)
    .input(componentsChangeInputSchema)
    .mutation(componentsChangeHandler),
  raid: viewerProcedure.meta(named).input(objectRefSchema).subscription(raidHandler),
  raidChange: operatorProcedure.meta(named).input(raidChangeInputSchema).mutation(raidChangeHandler),
  fleet: viewerProcedure
    .meta({ namespaced: 'filtered', reads: [bareMetalHostResource, hostFirmwareSettingsResource] })
    .input(fleetInputSchema)
    .subscription(fleetHandler),
  // Baselines are the site's, per vendor and model, and name no host: every viewer reads them; saving
  // and deleting them (the site's standard) needs a role in every namespace.
  baselines: viewerProcedure.meta({ namespaced: 'none' }).query(baselinesHandler),
  saveBaseline: operatorProcedure.input(baselineSaveSchema).mutation(saveBaselineHandler),
  deleteBaseline: operatorProcedure.input(baselineRefSchema).mutation(deleteBaselineHandler),
});
