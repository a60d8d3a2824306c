import type { KubeConfig } from '@kubernetes/client-node';
import { secretResource } from '../../kube/resource';
import {
  hostFormFieldOfPath,
  objectsFromHostForm,
  type HostRegisterForm,
} from '../../schemas/host-register-form';
import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { apiRejection, nameInUse, type CreateResult } from '../api-rejection';
import { createInOrder, type CreateStep } from '../create-in-order';

function rejection(error: unknown, step: CreateStep): CreateResult | undefined {
  return apiRejection(error, {
    kind: step.object.kind ?? '',
    namespace: step.object.metadata?.namespace ?? '',
    name: step.object.metadata?.name ?? '',
    nameField: step.nameField,
    taken: step.taken,
    fieldOf: (path) => (step.resource === bareMetalHostResource ? hostFormFieldOfPath(path) : undefined),
  });
}

/**
 * Registers a host: its BMC credentials Secret, then the BareMetalHost. Both are dry-run first; if the
 * host cannot be created the Secret made for it is deleted again, so a refusal leaves nothing behind.
 */
export function registerHost(kc: KubeConfig, form: HostRegisterForm, dryRun: boolean): Promise<CreateResult> {
  const { secret, host } = objectsFromHostForm(form);
  return createInOrder(
    kc,
    [
      {
        resource: secretResource,
        object: secret,
        nameField: 'name',
        taken: nameInUse(
          form.name,
          `the BMC credentials Secret ${secret.metadata?.name ?? ''}`,
          form.namespace,
        ),
      },
      { resource: bareMetalHostResource, object: host, nameField: 'name' },
    ],
    dryRun,
    rejection,
    { namespace: form.namespace, name: form.name },
  );
}
