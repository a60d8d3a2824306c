/**
 * The provision dialog's flat form values, the schema the form kit validates them with (the provision
 * mutation's own, run on the input the values make, its errors moved onto the dialog's fields), and
 * the conversion to that input. Pure.
 */
import { z } from 'zod';
import { fieldErrorsOf, type FieldErrors } from '@/server/schemas/field-errors';
import {
  DEFAULT_DEPLOYMENT_PROFILE,
  DEFAULT_KUBERNETES_VERSION,
  MACHINE_ROLES,
  provisionInputSchema,
  type ProvisionFormValues,
} from '@/server/schemas/provision-form';

export const NEW_CLUSTER = '__new__';

const text = z.string();
const formValuesSchema = z.object({
  /** The selected MACs: not a control, the dialog's own. */
  macs: z.array(z.string()),
  /** `namespace/name` of an existing PlunderCluster, or NEW_CLUSTER. */
  cluster: text,
  namespace: text,
  name: text,
  subnet: text,
  gateway: text,
  poolStart: text,
  poolEnd: text,
  role: z.enum(MACHINE_ROLES),
  /** A boot profile by name. */
  profile: text,
  hostname: text,
  ip: text,
  kubernetesVersion: text,
});
export type FormState = z.infer<typeof formValuesSchema>;

export function initialState(macs: string[]): FormState {
  return {
    macs,
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
}

export function optional(value: string): string | undefined {
  return value.trim() === '' ? undefined : value.trim();
}

/** The form's values as the mutation's input; blank optional fields are left out. */
export function toInput(form: FormState): ProvisionFormValues {
  const { macs } = form;
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

/** The input's error paths that are not the dialog field of the same name. */
const FIELD_OF: Record<string, string> = {
  'cluster.name': 'cluster',
  'cluster.cluster.name': 'name',
  'cluster.cluster.subnet': 'subnet',
  'cluster.cluster.gateway': 'gateway',
  'cluster.cluster.poolStart': 'poolStart',
  'cluster.cluster.poolEnd': 'poolEnd',
};

/**
 * The dialog field an input error path belongs to: a MAC's error to the machines (`macs`), an error
 * of no field to `form`.
 */
export function formPath(path: string): string {
  if (path === '') return 'form';
  if (path === 'macs' || path.startsWith('macs.')) return 'macs';
  return FIELD_OF[path] ?? path;
}

/** Errors by input path as errors by dialog field (the first for each field). */
export function formErrors(errors: FieldErrors): FieldErrors {
  const moved: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) moved[formPath(path)] ??= message;
  return moved;
}

/** The flat values, checked by the provision mutation's schema; its errors at the dialog's fields. */
export const provisionFormSchema = formValuesSchema.superRefine((form, context) => {
  const parsed = provisionInputSchema.safeParse(toInput(form));
  if (parsed.success) return;
  for (const [path, message] of Object.entries(formErrors(fieldErrorsOf(parsed.error.issues))))
    context.addIssue({ code: 'custom', path: [path], message });
});
