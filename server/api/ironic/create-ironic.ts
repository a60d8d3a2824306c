import type { KubeConfig, V1Secret } from '@kubernetes/client-node';
import { generate } from 'selfsigned';
import { secretResource } from '../../kube/resource';
import type { FieldErrors } from '../../schemas/field-errors';
import {
  formFieldOfSpecPath,
  inFormWords,
  objectsFromIronicForm,
  type IronicForm,
} from '../../schemas/ironic-form';
import { ironicDatabaseResource, ironicResource } from '../../types/crds';
import { planWithSecrets } from '../../kube/secret-values';
import type { Runtime } from '../../runtime';
import { apiRejection, fieldRejection, nameInUse, type CreateResult } from '../api-rejection';
import { createInOrder, createStep, kubeObjectWriter, type CreateStep } from '../create-in-order';
import { databases, ironics } from './ironic-cache';

const CERTIFICATE_DAYS = 365;

/** What exists already, as the form needs it checked before anything is written. */
export interface ExistingObjects {
  ironicExists(namespace: string, name: string): boolean;
  secret(namespace: string, name: string): V1Secret | undefined;
  databaseExists(namespace: string, name: string): boolean;
}

/** The TLS Secret a "generate" form makes is named after the Ironic: taken, it is the name's problem. */
function tlsSecretTaken(form: IronicForm, secretName: string): string {
  return nameInUse(form.name, `the TLS Secret ${secretName}`, form.namespace);
}

/**
 * Checks across objects the API server cannot make (a referenced Secret's type, a free name). A name
 * in use is the one problem reported: the objects named after it would clash too.
 */
export function ironicFormConflicts(form: IronicForm, existing: ExistingObjects): FieldErrors {
  const { namespace } = form;
  if (existing.ironicExists(namespace, form.name))
    return { name: `An Ironic named ${form.name} already exists in namespace ${namespace}` };
  const errors: FieldErrors = {};
  if (form.tls.mode === 'existing') {
    const secret = existing.secret(namespace, form.tls.secretName);
    if (!secret)
      errors['tls.secretName'] = `No Secret named ${form.tls.secretName} in namespace ${namespace}`;
    else if (secret.type !== 'kubernetes.io/tls')
      errors['tls.secretName'] =
        `Secret ${form.tls.secretName} is of type ${secret.type ?? 'Opaque'}, not kubernetes.io/tls`;
  }
  const generated = objectsFromIronicForm(form).generatedTls;
  if (generated && existing.secret(namespace, generated.secretName)) {
    errors.name = tlsSecretTaken(form, generated.secretName);
  }
  const databaseName = form.database.name;
  if (form.database.mode === 'existing' && !existing.databaseExists(namespace, databaseName))
    errors['database.name'] = `No IronicDatabase named ${databaseName} in namespace ${namespace}`;
  if (form.database.mode === 'new' && existing.databaseExists(namespace, databaseName))
    errors['database.name'] =
      `An IronicDatabase named ${databaseName} already exists in namespace ${namespace}`;
  return errors;
}

/** A kubernetes.io/tls Secret with a self-signed certificate (EC P-256) for one DNS name. */
export async function selfSignedTlsSecret(
  namespace: string,
  name: string,
  dnsName: string,
): Promise<V1Secret> {
  const notBeforeDate = new Date();
  const notAfterDate = new Date(notBeforeDate.getTime() + CERTIFICATE_DAYS * 24 * 3600 * 1000);
  const pems = await generate([{ name: 'commonName', value: dnsName }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: dnsName }] },
    ],
  });
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'kubernetes.io/tls',
    metadata: { name, namespace, labels: { 'app.kubernetes.io/created-by': 'rackpilot-console' } },
    stringData: { 'tls.crt': pems.cert, 'tls.key': pems.private },
  };
}

function rejection(error: unknown, step: CreateStep): CreateResult | undefined {
  return apiRejection(error, {
    kind: step.object.kind ?? '',
    namespace: step.object.metadata?.namespace ?? '',
    name: step.object.metadata?.name ?? '',
    nameField: step.nameField,
    taken: step.taken,
    fieldOf: (path) => (step.resource === ironicResource ? formFieldOfSpecPath(path) : undefined),
    words: inFormWords,
  });
}

/** Creates the TLS Secret (when generating one), the IronicDatabase (when new) and the Ironic, in order. */
export async function createIronic(kc: KubeConfig, form: IronicForm, dryRun: boolean): Promise<CreateResult> {
  const objects = objectsFromIronicForm(form);
  const namespace = objects.ironic.metadata.namespace ?? '';
  const steps: CreateStep[] = [];
  if (objects.generatedTls) {
    const { secretName, dnsName } = objects.generatedTls;
    steps.push(
      createStep(secretResource, await selfSignedTlsSecret(namespace, secretName, dnsName), {
        nameField: 'name',
        taken: tlsSecretTaken(form, secretName),
      }),
    );
  }
  if (objects.database)
    steps.push(createStep(ironicDatabaseResource, objects.database, { nameField: 'database.name' }));
  steps.push(createStep(ironicResource, objects.ironic, { nameField: 'name' }));

  return createInOrder(kubeObjectWriter(kc), { steps, dryRun, rejection });
}

/** Checks across objects the API server cannot make, then the create (or its dry run). */
export async function submitIronic(
  runtime: Runtime,
  input: IronicForm,
  dryRun: boolean,
): Promise<CreateResult> {
  return planWithSecrets(
    runtime.secrets,
    (secret) =>
      ironicFormConflicts(input, {
        ironicExists: (namespace, name) => ironics(runtime).get(name, namespace) !== undefined,
        secret,
        databaseExists: (namespace, name) => databases(runtime).get(name, namespace) !== undefined,
      }),
    async (conflicts) => fieldRejection(conflicts) ?? createIronic(runtime.kc, input, dryRun),
  );
}
