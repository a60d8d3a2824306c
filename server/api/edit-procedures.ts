import type { z } from 'zod';
import type { NamespaceScope } from '../access/namespace-scope';
import type { Runtime } from '../runtime';
import { visibleScope } from './caller-scope';
import { editInputOf, type EditInput } from '../schemas/object-edit';
import { editAuditInput, editObject, readEditForm, type EditTarget } from './object-edit';
import { objectRefSchema } from './object-ref';
import { operatorProcedure } from './trpc';

/**
 * A kind's three edit procedures, for its router to spread: `editForm` (the live part as the form's
 * values), `editDryRun` and `edit` (audited with the fields they change), each through `targetOf` (given the caller's namespaces, for checks that name other objects).
 */
export function editProcedures<S extends z.ZodType, P>(
  form: S,
  targetOf: (runtime: Runtime, scope: NamespaceScope) => EditTarget<P, z.output<S>>,
) {
  const input = editInputOf(form);
  const audited = operatorProcedure.meta({ auditInput: editAuditInput, namespaced: 'input' }).input(input);
  const edit = (dryRun: boolean) =>
    audited.mutation(({ ctx, input: edited }) =>
      editObject(targetOf(ctx.runtime, visibleScope(ctx.scope)), edited as EditInput<z.output<S>>, dryRun),
    );
  return {
    editForm: operatorProcedure
      .meta({ namespaced: 'input' })
      .input(objectRefSchema)
      .query(({ ctx, input: ref }) => readEditForm(targetOf(ctx.runtime, visibleScope(ctx.scope)), ref)),
    edit: edit(false),
    editDryRun: edit(true),
  };
}
