import type { KubeConfig } from '@kubernetes/client-node';
import type { FieldErrors } from '../../schemas/field-errors';
import { valueAtPath } from '../../schemas/object-edit';
import {
  placementFieldOfSpecPath,
  placementFromForm,
  type PlacementForm,
} from '../../schemas/placement-form';
import { placementApiResource } from '../../types/crds/placement-api';
import { secretResource } from '../../kube/resource';
import type { Runtime } from '../../runtime';
import { apiRejection, fieldRejection, type CreateResult } from '../api-rejection';
import { createInOrder, createStep, kubeObjectWriter } from '../create-in-order';

/**
 * Checks across objects the API server cannot make: the referenced Secrets exist. An edit passes the
 * live object's values (`live`): a reference it leaves as it is is the controller's to wait for.
 */
export function placementFormConflicts(
  form: PlacementForm,
  secretExists: (namespace: string, name: string) => boolean,
  live?: PlacementForm,
): FieldErrors {
  const errors: FieldErrors = {};
  const check = (field: string, name: string) => {
    if (live && valueAtPath(live, field) === name) return;
    if (name.trim() !== '' && !secretExists(form.namespace, name.trim()))
      errors[field] = `No Secret named ${name.trim()} in namespace ${form.namespace}`;
  };
  check('secret', form.secret);
  check('caBundleSecret', form.caBundleSecret);
  check('internal.tlsSecret', form.internal.tlsSecret);
  check('public.tlsSecret', form.public.tlsSecret);
  return errors;
}

/** Creates the PlacementAPI (or only dry-runs it); a refusal maps to the form's fields. */
export function createPlacement(kc: KubeConfig, form: PlacementForm, dryRun: boolean): Promise<CreateResult> {
  const placement = placementFromForm(form);
  return createInOrder(kubeObjectWriter(kc), {
    steps: [createStep(placementApiResource, placement, { nameField: 'name' })],
    dryRun,
    rejection: (error) =>
      apiRejection(error, {
        kind: 'PlacementAPI',
        namespace: placement.metadata.namespace ?? '',
        name: placement.metadata.name ?? '',
        nameField: 'name',
        fieldOf: placementFieldOfSpecPath,
      }),
  });
}

/** The referenced Secrets exist, as the Secret informer sees them; see placementFormConflicts. */
export function placementChecks(runtime: Runtime, form: PlacementForm, live?: PlacementForm): FieldErrors {
  return placementFormConflicts(
    form,
    (namespace, name) => runtime.informers.of(secretResource).get(name, namespace) !== undefined,
    live,
  );
}

/** Checks across objects (the referenced Secrets exist), then the create (or its dry run). */
export async function submitPlacement(
  runtime: Runtime,
  input: PlacementForm,
  dryRun: boolean,
): Promise<CreateResult> {
  return fieldRejection(placementChecks(runtime, input)) ?? createPlacement(runtime.kc, input, dryRun);
}
