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

export const clustersRouter = router({
  list: viewerProcedure.input(clusterQuerySchema).subscription(listHandler),
  detail: viewerProcedure.input(objectRefSchema).subscription(detailHandler),
  services: viewerProcedure.input(objectRefSchema).query(servicesHandler),
  events: viewerProcedure.input(objectRefSchema).query(eventsHandler),
  formOptions: viewerProcedure.query(formOptionsHandler),
  secretNames: viewerProcedure.input(secretNamesInputSchema).query(secretNamesHandler),
  preview: viewerProcedure.input(sipPreviewSchema).query(previewHandler),
  schedule: viewerProcedure.input(scheduleInputSchema).subscription(scheduleHandler),
  create: operatorProcedure.input(sipClusterFormSchema).mutation(createHandler),
  dryRun: operatorProcedure.input(sipClusterFormSchema).mutation(dryRunHandler),
  delete: operatorProcedure.input(objectRefSchema).mutation(deleteHandler),
  createSshKeySecret: operatorProcedure.input(sshKeySecretInputSchema).mutation(createSshKeySecretHandler),
  ...editProcedures(sipClusterFormSchema, editableSipCluster),
});
