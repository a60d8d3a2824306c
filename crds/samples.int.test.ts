// Runs every sample in crds/samples against a real API server that already has the CRDs of crds/
// installed (KUBECONFIG): valid samples must pass a server-side dry-run create, invalid ones must be
// rejected with their "# expect:" text in the error message.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ApiException,
  ApiextensionsV1Api,
  CoreV1Api,
  KubeConfig,
  KubernetesObjectApi,
  PatchStrategy,
  loadYaml,
  type V1CustomResourceDefinition,
} from '@kubernetes/client-node';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ironic, IronicSpec } from '../server/types/crds';

const crdDir = fileURLToPath(new URL('.', import.meta.url));
const sampleDir = join(crdDir, 'samples');
const FIELD_MANAGER = 'crd-samples-test';

const kc = new KubeConfig();
kc.loadFromDefault();
const objects = KubernetesObjectApi.makeApiClient(kc);
const core = kc.makeApiClient(CoreV1Api);
const apiextensions = kc.makeApiClient(ApiextensionsV1Api);
const namespace = `crd-samples-${randomBytes(4).toString('hex')}`;

/** A sample as parsed from YAML: plain data, not client-node model classes. */
interface PlainObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string } & Record<string, unknown>;
  [field: string]: unknown;
}

interface Sample {
  file: string;
  object: PlainObject;
  expect?: string;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
}

function loadSamples(kind: 'valid' | 'invalid'): Sample[] {
  return yamlFiles(join(sampleDir, kind)).flatMap((file) => {
    const text = readFileSync(join(sampleDir, kind, file), 'utf8');
    const expectation = /^# expect: (.+)$/m.exec(text.split('\n')[0] ?? '')?.[1]?.trim();
    return parseAllDocuments(text)
      .map((doc) => doc.toJS() as PlainObject | null)
      .filter((object): object is PlainObject => object !== null)
      .map((object) => ({ file: `${kind}/${file}`, object, expect: expectation }));
  });
}

function inNamespace(object: PlainObject): PlainObject {
  return { ...object, metadata: { ...object.metadata, namespace } };
}

function label(sample: Sample): string {
  return `${sample.file}: ${sample.object.kind} ${sample.object.metadata.name}`;
}

/** The HTTP status and the Status message of a failed API call. */
function rejection(error: unknown): { code: number; message: string } {
  if (!(error instanceof ApiException)) throw error;
  let body: unknown = error.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      return { code: error.code, message: body as string };
    }
  }
  const message =
    typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : JSON.stringify(body);
  return { code: error.code, message };
}

async function expectRejected(call: Promise<unknown>, text: string): Promise<void> {
  const outcome = await call.then(
    () => undefined,
    (error: unknown) => rejection(error),
  );
  expect(outcome, 'the API server accepted it').toBeDefined();
  expect([400, 422]).toContain(outcome?.code);
  expect(outcome?.message).toContain(text);
}

const validSamples = loadSamples('valid');
const invalidSamples = loadSamples('invalid');

beforeAll(async () => {
  await core.createNamespace({ body: { metadata: { name: namespace } } });
});

afterAll(async () => {
  await core.deleteNamespace({ name: namespace });
});

describe('CRDs on the API server', () => {
  it.each(yamlFiles(crdDir))('%s is Established and served as written (CEL rules included)', async (file) => {
    const crd = loadYaml<V1CustomResourceDefinition>(readFileSync(join(crdDir, file), 'utf8'));
    const current = await apiextensions.readCustomResourceDefinition({ name: crd.metadata?.name ?? '' });
    expect(current.status?.conditions).toContainEqual(
      expect.objectContaining({ type: 'Established', status: 'True' }),
    );
    const served = (c: V1CustomResourceDefinition) =>
      c.spec.versions.map((v) => ({
        name: v.name,
        schema: v.schema,
        subresources: v.subresources,
        additionalPrinterColumns: v.additionalPrinterColumns,
      }));
    expect(served(current)).toEqual(served(crd));
  });
});

describe('valid samples', () => {
  it.each(validSamples.map((s) => [label(s), s] as const))('%s is accepted', async (_, sample) => {
    const created = await objects.create(inNamespace(sample.object), undefined, 'All', FIELD_MANAGER);
    expect(created.metadata.name).toBe(sample.object.metadata.name);
  });
});

describe('invalid samples', () => {
  it.each(invalidSamples.map((s) => [label(s), s] as const))('%s is rejected', async (_, sample) => {
    expect(sample.expect, `${sample.file} has no "# expect:" line`).toBeTruthy();
    await expectRejected(
      objects.create(inNamespace(sample.object), undefined, 'All', FIELD_MANAGER),
      sample.expect ?? '',
    );
  });
});

describe('Ironic spec.databaseRef', () => {
  const ironic = (name: string, spec: IronicSpec): Ironic => ({
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'Ironic',
    metadata: { name, namespace },
    spec,
  });
  const merge = (name: string, spec: IronicSpec) =>
    objects.patch(
      ironic(name, spec),
      undefined,
      undefined,
      FIELD_MANAGER,
      undefined,
      PatchStrategy.MergePatch,
    );
  const message = 'spec.databaseRef cannot be changed or removed once set';

  it('cannot be changed or removed once set, but other fields can change', async () => {
    const name = 'database-ref-immutable';
    await objects.create(
      ironic(name, { databaseRef: { name: 'ironic-db' } }),
      undefined,
      undefined,
      FIELD_MANAGER,
    );
    await expectRejected(merge(name, { databaseRef: { name: 'other-db' } }), message);
    // A merge patch with null removes the field.
    await expectRejected(merge(name, { databaseRef: null } as unknown as IronicSpec), message);
    const { spec: _spec, ...withoutSpec } = await objects.read<Ironic>({
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'Ironic',
      metadata: { name, namespace },
    });
    await expectRejected(objects.replace(withoutSpec), message);
    const updated = await merge(name, { version: 'latest' });
    expect(updated.spec?.databaseRef).toEqual({ name: 'ironic-db' });
    expect(updated.spec?.version).toBe('latest');
  });

  it('can be set later', async () => {
    const name = 'database-ref-later';
    await objects.create(ironic(name, {}), undefined, undefined, FIELD_MANAGER);
    const patched = await merge(name, { databaseRef: { name: 'ironic-db' } });
    expect(patched.spec?.databaseRef).toEqual({ name: 'ironic-db' });
  });
});
