import { confirmAddressInputSchema, hardwareQuerySchema, macInputSchema } from '../../schemas/hardware-list';
import { ipCheckInputSchema, machineRefSchema, provisionInputSchema } from '../../schemas/provision-form';
import { provisionTarget } from '../audit-fields';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { checkIpHandler } from './check-ip.handler';
import { confirmAddressHandler } from './confirm-address.handler';
import { formOptionsHandler } from './form-options.handler';
import { listHandler } from './list.handler';
import { pageHandler } from './page.handler';
import { powerCycleHandler } from './power-cycle.handler';
import { provisionHandler } from './provision.handler';
import { releaseHandler } from './release.handler';
import { retryHandler } from './retry.handler';
import { timelineHandler } from './timeline.handler';

/**
 * Unleased machines belong to no namespace until a provision claims them: the list, its timeline and
 * the provision dialog's calls (options, address check, provision, confirm, power cycle) need a role in
 * every namespace. A machine once claimed is a PlunderMachine in its namespace: its retry and release
 * are confined to that namespace.
 */
export const hardwareRouter = router({
  list: viewerProcedure.input(hardwareQuerySchema).subscription(listHandler),
  timeline: viewerProcedure.input(macInputSchema).subscription(timelineHandler),
  page: viewerProcedure.input(hardwareQuerySchema).query(pageHandler),
  formOptions: viewerProcedure.query(formOptionsHandler),
  checkIp: viewerProcedure.input(ipCheckInputSchema).query(checkIpHandler),
  provision: operatorProcedure
    .meta({ auditTarget: provisionTarget })
    .input(provisionInputSchema)
    .mutation(provisionHandler),
  retry: operatorProcedure.meta({ namespaced: 'input' }).input(machineRefSchema).mutation(retryHandler),
  confirmAddress: operatorProcedure.input(confirmAddressInputSchema).mutation(confirmAddressHandler),
  powerCycle: operatorProcedure.input(macInputSchema).mutation(powerCycleHandler),
  release: operatorProcedure.meta({ namespaced: 'input' }).input(machineRefSchema).mutation(releaseHandler),
});
