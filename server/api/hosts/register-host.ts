import type { KubeConfig } from '@kubernetes/client-node';
import { secretResource } from '../../kube/resource';
import type { FieldErrors } from '../../schemas/field-errors';
import {
  hostFormFieldOfPath,
  objectsFromHostForm,
  type HostRegisterForm,
} from '../../schemas/host-register-form';
import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { apiRejection, fieldRejection, nameInUse, type CreateResult } from '../api-rejection';
import { createInOrder, createStep, kubeObjectWriter, type CreateStep } from '../create-in-order';

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
 * A boot MAC names one machine: a second host with it would have two BareMetalHosts manage the same
 * server. The API server cannot see that; the host cache can.
 */
export function bootMacConflict(form: HostRegisterForm, hosts: readonly BareMetalHost[]): FieldErrors {
  const mac = objectsFromHostForm(form).host.spec.bootMACAddress?.toLowerCase();
  if (!mac) return {};
  const holder = hosts.find(
    (host) =>
      host.spec.bootMACAddress?.toLowerCase() === mac &&
      !(host.metadata.namespace === form.namespace && host.metadata.name === form.name),
  );
  if (!holder) return {};
  return {
    bootMACAddress: `${mac} is already the boot MAC of host ${holder.metadata.namespace ?? ''}/${holder.metadata.name ?? ''}`,
  };
}

/**
 * Registers a host: its BMC credentials Secret, then the BareMetalHost. Both are dry-run first; if the
 * host cannot be created the Secret made for it is deleted again, so a refusal leaves nothing behind.
 */
export async function registerHost(
  kc: KubeConfig,
  hosts: readonly BareMetalHost[],
  form: HostRegisterForm,
  dryRun: boolean,
): Promise<CreateResult> {
  const conflict = fieldRejection(bootMacConflict(form, hosts));
  if (conflict) return conflict;
  const { secret, host } = objectsFromHostForm(form);
  return createInOrder(kubeObjectWriter(kc), {
    steps: [
      createStep(secretResource, secret, {
        nameField: 'name',
        taken: nameInUse(
          form.name,
          `the BMC credentials Secret ${secret.metadata?.name ?? ''}`,
          form.namespace,
        ),
      }),
      createStep(bareMetalHostResource, host, { nameField: 'name' }),
    ],
    dryRun,
    rejection,
  });
}
