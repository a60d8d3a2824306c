import { sipClusterFormSchema, sipPreviewSchema } from '../../schemas/sip-cluster-form';
import { sshKeySecretInputSchema } from '../../schemas/ssh-key-secret';
import { editProcedures } from '../edit-procedures';
import { objectRefSchema } from '../object-ref';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { clusterQuerySchema } from './cluster-query';
import { createHandler } from './create.handler';
import { createSshKeySecretHandler } from './create-ssh-key-secret.handler';
import { deleteHandler } from './delete.handler';
import { detailHandler } from './detail.handler';
import { dryRunHandler } from './dry-run.handler';
import { eventsHandler } from './events.handler';
import { formOptionsHandler } from './form-options.handler';
import { listHandler } from './list.handler';
import { previewHandler } from './preview.handler';
import { scheduleHandler } from './schedule.handler';
import { scheduleInputSchema } from './schedule.schema';
import { secretNamesHandler } from './secret-names.handler';
import { secretNamesInputSchema } from './secret-names.schema';
import { servicesHandler } from './services.handler';
import { editableSipCluster } from './edit-sip-cluster';
import { sipClusterResource } from '../../types/crds/sip-cluster';

export const clustersRouter = router({
  list: viewerProcedure
    .meta({ namespaced: 'filtered', reads: [sipClusterResource] })
    .input(clusterQuerySchema)
    .subscription(listHandler),
  detail: viewerProcedure
    .meta({ namespaced: 'input', reads: [sipClusterResource] })
    .input(objectRefSchema)
    .subscription(detailHandler),
  services: viewerProcedure.meta({ namespaced: 'input' }).input(objectRefSchema).query(servicesHandler),
  events: viewerProcedure.meta({ namespaced: 'input' }).input(objectRefSchema).query(eventsHandler),
  formOptions: viewerProcedure.meta({ namespaced: 'filtered' }).query(formOptionsHandler),
  secretNames: viewerProcedure
    .meta({ namespaced: 'input' })
    .input(secretNamesInputSchema)
    .query(secretNamesHandler),
  preview: viewerProcedure.meta({ namespaced: 'input' }).input(sipPreviewSchema).query(previewHandler),
  schedule: viewerProcedure
    .meta({ namespaced: 'input' })
    .input(scheduleInputSchema)
    .subscription(scheduleHandler),
  create: operatorProcedure.meta({ namespaced: 'input' }).input(sipClusterFormSchema).mutation(createHandler),
  dryRun: operatorProcedure.meta({ namespaced: 'input' }).input(sipClusterFormSchema).mutation(dryRunHandler),
  delete: operatorProcedure.meta({ namespaced: 'input' }).input(objectRefSchema).mutation(deleteHandler),
  createSshKeySecret: operatorProcedure
    .meta({ namespaced: 'input' })
    .input(sshKeySecretInputSchema)
    .mutation(createSshKeySecretHandler),
  ...editProcedures(sipClusterFormSchema, editableSipCluster),
});
