import type { z } from 'zod';
import type { Runtime } from '../runtime';
import { editInputOf, type EditInput } from '../schemas/object-edit';
import { editAuditInput, editObject, readEditForm, type EditTarget } from './object-edit';
import { objectRefSchema } from './object-ref';
import { operatorProcedure } from './trpc';

/**
 * A kind's three edit procedures, for its router to spread: `editForm` (the live part as the form's
 * values), `editDryRun` and `edit` (audited with the fields they change), each through `targetOf`.
 */
export function editProcedures<S extends z.ZodType, P>(
  form: S,
  targetOf: (runtime: Runtime) => EditTarget<P, z.output<S>>,
) {
  const input = editInputOf(form);
  const audited = operatorProcedure.meta({ auditInput: editAuditInput, namespaced: 'input' }).input(input);
  const edit = (dryRun: boolean) =>
    audited.mutation(({ ctx, input: edited }) =>
      editObject(targetOf(ctx.runtime), edited as EditInput<z.output<S>>, dryRun),
    );
  return {
    editForm: operatorProcedure
      .meta({ namespaced: 'input' })
      .input(objectRefSchema)
      .query(({ ctx, input: ref }) => readEditForm(targetOf(ctx.runtime), ref)),
    edit: edit(false),
    editDryRun: edit(true),
  };
}
