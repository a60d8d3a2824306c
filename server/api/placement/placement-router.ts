import { placementFormSchema } from '../../schemas/placement-form';
import { namespacesHandler } from '../namespaces.handler';
import { editAuditInput } from '../object-edit';
import { objectRefSchema } from '../object-ref';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { createHandler } from './create.handler';
import { deleteHandler } from './delete.handler';
import { detailHandler } from './detail.handler';
import { dryRunHandler } from './dry-run.handler';
import { editDryRunHandler } from './edit-dry-run.handler';
import { editFormHandler } from './edit-form.handler';
import { editHandler } from './edit.handler';
import { editInputSchema } from './edit.schema';
import { eventsHandler } from './events.handler';
import { listHandler } from './list.handler';
import { placementQuerySchema } from './placement-row';
import { secretOptionsHandler } from './secret-options.handler';
import { secretOptionsInputSchema } from './secret-options.schema';

export const placementRouter = router({
  list: viewerProcedure.input(placementQuerySchema).subscription(listHandler),
  detail: viewerProcedure.input(objectRefSchema).subscription(detailHandler),
  events: viewerProcedure.input(objectRefSchema).query(eventsHandler),
  namespaces: viewerProcedure.query(namespacesHandler),
  secretOptions: viewerProcedure.input(secretOptionsInputSchema).query(secretOptionsHandler),
  create: operatorProcedure.input(placementFormSchema).mutation(createHandler),
  dryRun: operatorProcedure.input(placementFormSchema).mutation(dryRunHandler),
  delete: operatorProcedure.input(objectRefSchema).mutation(deleteHandler),
  editForm: operatorProcedure.input(objectRefSchema).query(editFormHandler),
  edit: operatorProcedure.meta({ auditInput: editAuditInput }).input(editInputSchema).mutation(editHandler),
  editDryRun: operatorProcedure
    .meta({ auditInput: editAuditInput })
    .input(editInputSchema)
    .mutation(editDryRunHandler),
});
