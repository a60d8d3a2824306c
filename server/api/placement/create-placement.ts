import type { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../../kube/kube-request';
import { collectionPath } from '../../kube/resource';
import type { FieldErrors } from '../../schemas/field-errors';
import {
  placementFieldOfSpecPath,
  placementFromForm,
  type PlacementForm,
} from '../../schemas/placement-form';
import { placementApiResource } from '../../types/crds/placement-api';
import { apiRejection, type CreateResult } from '../api-rejection';

/** Checks across objects the API server cannot make: the referenced Secrets exist. */
export function placementFormConflicts(
  form: PlacementForm,
  secretExists: (namespace: string, name: string) => boolean,
): FieldErrors {
  const errors: FieldErrors = {};
  const check = (field: string, name: string) => {
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
export async function createPlacement(
  kc: KubeConfig,
  form: PlacementForm,
  dryRun: boolean,
): Promise<CreateResult> {
  const placement = placementFromForm(form);
  const namespace = placement.metadata.namespace ?? '';
  const name = placement.metadata.name ?? '';
  try {
    await kubeRequestJson(kc, collectionPath(placementApiResource, namespace), {
      method: 'POST',
      body: placement,
      query: {
        fieldManager: 'rackpilot-console',
        fieldValidation: 'Strict',
        ...(dryRun ? { dryRun: 'All' } : {}),
      },
    });
  } catch (error) {
    const refused = apiRejection(error, {
      kind: 'PlacementAPI',
      namespace,
      name,
      nameField: 'name',
      fieldOf: placementFieldOfSpecPath,
    });
    if (refused) return refused;
    throw error;
  }
  if (dryRun)
    return {
      status: 'accepted',
      message: 'The API server accepts this PlacementAPI (dry run: nothing was created)',
    };
  return { status: 'created', namespace, name };
}
