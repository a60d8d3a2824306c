import { hostRegisterFormSchema } from '../../schemas/host-register-form';
import { hostActionName } from '../audit-fields';
import { objectRefSchema } from '../object-ref';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { actHandler } from './act.handler';
import { deleteHandler } from './delete.handler';
import { detailHandler } from './detail.handler';
import { eventsHandler } from './events.handler';
import { hostActionInputSchema, hostDeleteInputSchema, hostLabelsInputSchema } from './host-actions';
import { hostQuerySchema } from './host-query';
import { labelsHandler } from './labels.handler';
import { listHandler } from './list.handler';
import { pageHandler } from './page.handler';
import { registerDryRunHandler } from './register-dry-run.handler';
import { registerHandler } from './register.handler';
import { setLabelsHandler } from './set-labels.handler';
import { yamlHandler } from './yaml.handler';
import { bareMetalHostResource } from '../../types/crds/bare-metal-host';

export const hostsRouter = router({
  list: viewerProcedure
    .meta({ namespaced: 'filtered', reads: [bareMetalHostResource] })
    .input(hostQuerySchema)
    .subscription(listHandler),
  page: viewerProcedure
    .meta({ namespaced: 'filtered', reads: [bareMetalHostResource] })
    .input(hostQuerySchema)
    .query(pageHandler),
  detail: viewerProcedure
    .meta({ namespaced: 'input', reads: [bareMetalHostResource] })
    .input(objectRefSchema)
    .subscription(detailHandler),
  yaml: viewerProcedure.meta({ namespaced: 'input' }).input(objectRefSchema).query(yamlHandler),
  labels: viewerProcedure.meta({ namespaced: 'input' }).input(objectRefSchema).query(labelsHandler),
  events: viewerProcedure.meta({ namespaced: 'input' }).input(objectRefSchema).query(eventsHandler),
  act: operatorProcedure
    .meta({ namespaced: 'input' })
    .meta({ auditAction: hostActionName })
    .input(hostActionInputSchema)
    .mutation(actHandler),
  setLabels: operatorProcedure
    .meta({ namespaced: 'input' })
    .input(hostLabelsInputSchema)
    .mutation(setLabelsHandler),
  delete: operatorProcedure
    .meta({ namespaced: 'input' })
    .input(hostDeleteInputSchema)
    .mutation(deleteHandler),
  register: operatorProcedure
    .meta({ namespaced: 'input' })
    .input(hostRegisterFormSchema)
    .mutation(registerHandler),
  registerDryRun: operatorProcedure
    .meta({ namespaced: 'input' })
    .input(hostRegisterFormSchema)
    .mutation(registerDryRunHandler),
});
