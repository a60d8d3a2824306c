/**
 * The provision dialog's flat field state, and the conversions to the provision mutation's input
 * and back from its error paths. Pure.
 */
import type { FieldErrors } from '@/server/schemas/field-errors';
import {
  DEFAULT_DEPLOYMENT_PROFILE,
  DEFAULT_KUBERNETES_VERSION,
  type DeploymentProfile,
  type MachineRole,
  type ProvisionFormValues,
} from '@/server/schemas/provision-form';

export const NEW_CLUSTER = '__new__';

export interface FormState {
  /** `namespace/name` of an existing PlunderCluster, or NEW_CLUSTER. */
  cluster: string;
  namespace: string;
  name: string;
  subnet: string;
  gateway: string;
  poolStart: string;
  poolEnd: string;
  role: MachineRole;
  profile: DeploymentProfile;
  hostname: string;
  ip: string;
  kubernetesVersion: string;
}

export const initialState: FormState = {
  cluster: '',
  namespace: 'default',
  name: '',
  subnet: '',
  gateway: '',
  poolStart: '',
  poolEnd: '',
  role: 'worker',
  profile: DEFAULT_DEPLOYMENT_PROFILE,
  hostname: '',
  ip: '',
  kubernetesVersion: DEFAULT_KUBERNETES_VERSION,
};

export function optional(value: string): string | undefined {
  return value.trim() === '' ? undefined : value.trim();
}

/** The form's values as the mutation's input; blank optional fields are left out. */
export function toInput(macs: string[], form: FormState): ProvisionFormValues {
  const [namespace = '', name = ''] = form.cluster.split('/');
  const cluster: ProvisionFormValues['cluster'] =
    form.cluster === NEW_CLUSTER
      ? {
          mode: 'new',
          cluster: {
            name: form.name.trim(),
            subnet: form.subnet.trim(),
            gateway: optional(form.gateway),
            poolStart: optional(form.poolStart),
            poolEnd: optional(form.poolEnd),
          },
        }
      : { mode: 'existing', name };
  return {
    macs,
    namespace: form.cluster === NEW_CLUSTER ? form.namespace.trim() : namespace,
    cluster,
    role: form.role,
    profile: form.profile,
    hostname: optional(form.hostname),
    ip: macs.length === 1 ? optional(form.ip) : undefined,
    kubernetesVersion: form.kubernetesVersion as ProvisionFormValues['kubernetesVersion'],
  };
}

/** Error paths of the input mapped onto the form's fields. */
export function formErrors(errors: FieldErrors): Partial<Record<keyof FormState | 'macs' | 'form', string>> {
  const pick = (...paths: string[]) => paths.map((path) => errors[path]).find(Boolean);
  return {
    cluster: pick('cluster', 'cluster.name'),
    namespace: pick('namespace'),
    name: pick('cluster.cluster.name'),
    subnet: pick('cluster.cluster.subnet'),
    gateway: pick('cluster.cluster.gateway'),
    poolStart: pick('cluster.cluster.poolStart'),
    poolEnd: pick('cluster.cluster.poolEnd'),
    role: pick('role'),
    profile: pick('profile'),
    hostname: pick('hostname'),
    ip: pick('ip'),
    kubernetesVersion: pick('kubernetesVersion'),
    macs: Object.entries(errors).find(([path]) => path === 'macs' || path.startsWith('macs.'))?.[1],
    form: errors[''],
  };
}
