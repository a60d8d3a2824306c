// Offline checks of the CustomResourceDefinitions in crds/ and of their samples. The API server's own
// verdict on the samples is in crds/samples.int.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';

const crdDir = fileURLToPath(new URL('.', import.meta.url));
const sampleDir = join(crdDir, 'samples');

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-validations'?: { rule?: string; message?: string; fieldPath?: string }[];
  [key: string]: unknown;
}

interface Crd {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec: {
    group: string;
    scope: string;
    names: { kind: string; plural: string; singular?: string; listKind?: string };
    versions: {
      name: string;
      served: boolean;
      storage: boolean;
      subresources?: { status?: object };
      schema?: { openAPIV3Schema?: Schema };
      additionalPrinterColumns?: { name: string; type: string; jsonPath: string }[];
    }[];
  };
}

interface Sample {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string };
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
}

function parseDocs<T>(path: string): T[] {
  const docs = parseAllDocuments(readFileSync(path, 'utf8'));
  for (const doc of docs) {
    if (doc.errors.length > 0) throw new Error(`${path}: ${doc.errors.map((e) => e.message).join('; ')}`);
  }
  return docs.map((d) => d.toJS() as T).filter((d) => d !== null);
}

const crdFiles = yamlFiles(crdDir);
const crds = crdFiles.map((file) => {
  const docs = parseDocs<Crd>(join(crdDir, file));
  if (docs.length !== 1) throw new Error(`${file}: expected exactly one document, found ${docs.length}`);
  return { file, crd: docs[0] as Crd };
});

/** Kinds upstream defines with spec only (BMO writes them whole): no status field, no status subresource. */
const specOnlyKinds = new Set(['FirmwareSchema', 'HardwareData']);

const expectedKinds = [
  'airship.airshipit.org/v1 SIPCluster',
  'metal3.io/v1alpha1 BareMetalHost',
  'metal3.io/v1alpha1 FirmwareSchema',
  'metal3.io/v1alpha1 HardwareData',
  'metal3.io/v1alpha1 HostFirmwareComponents',
  'metal3.io/v1alpha1 HostFirmwareSettings',
  'metal3.io/v1alpha1 Ironic',
  'metal3.io/v1alpha1 IronicDatabase',
  'placement.openstack.org/v1beta1 PlacementAPI',
  'infrastructure.cluster.x-k8s.io/v1alpha1 PlunderCluster',
  'infrastructure.cluster.x-k8s.io/v1alpha1 PlunderMachine',
  'contrail.juniper.net/v1alpha1 Manager',
  'contrail.juniper.net/v1alpha1 Cassandra',
  'contrail.juniper.net/v1alpha1 Config',
  'contrail.juniper.net/v1alpha1 Control',
  'contrail.juniper.net/v1alpha1 Kubemanager',
  'contrail.juniper.net/v1alpha1 Webui',
  'contrail.juniper.net/v1alpha1 ProvisionManager',
  'contrail.juniper.net/v1alpha1 Zookeeper',
  'contrail.juniper.net/v1alpha1 Rabbitmq',
  'contrail.juniper.net/v1alpha1 Vrouter',
];

/** Visits every schema node with its path, e.g. spec.services.jumpHost[].nodePort. */
function walk(
  node: Schema,
  path: string,
  visit: (node: Schema, path: string, field: string) => void,
  field = '',
): void {
  visit(node, path, field);
  for (const [key, child] of Object.entries(node.properties ?? {})) walk(child, `${path}.${key}`, visit, key);
  if (typeof node.additionalProperties === 'object')
    walk(node.additionalProperties, `${path}.*`, visit, field);
  if (node.items) walk(node.items, `${path}[]`, visit, field);
}

describe('CustomResourceDefinitions', () => {
  it('define exactly the kinds of the product', () => {
    const kinds = crds.map(
      ({ crd }) => `${crd.spec.group}/${crd.spec.versions[0]?.name ?? ''} ${crd.spec.names.kind}`,
    );
    expect(kinds.sort()).toEqual([...expectedKinds].sort());
  });

  describe.each(crds)('$file', ({ file, crd }) => {
    it('is an apiextensions.k8s.io/v1 CRD named <plural>.<group> in <group>_<plural>.yaml', () => {
      expect(crd.apiVersion).toBe('apiextensions.k8s.io/v1');
      expect(crd.kind).toBe('CustomResourceDefinition');
      expect(crd.metadata.name).toBe(`${crd.spec.names.plural}.${crd.spec.group}`);
      expect(file).toBe(`${crd.spec.group}_${crd.spec.names.plural}.yaml`);
      expect(crd.spec.scope).toBe('Namespaced');
      expect(crd.spec.names.listKind).toBe(`${crd.spec.names.kind}List`);
      expect(crd.spec.names.singular).toBe(crd.spec.names.kind.toLowerCase());
    });

    it('has one storage version, and every served version has a schema, a status subresource and an Age column', () => {
      expect(crd.spec.versions.filter((v) => v.storage)).toHaveLength(1);
      const served = crd.spec.versions.filter((v) => v.served);
      expect(served.length).toBeGreaterThan(0);
      for (const version of served) {
        expect(version.schema?.openAPIV3Schema?.type, version.name).toBe('object');
        if (!specOnlyKinds.has(crd.spec.names.kind)) {
          expect(version.subresources?.status, version.name).toEqual({});
        }
        expect(version.additionalPrinterColumns, version.name).toContainEqual({
          name: 'Age',
          type: 'date',
          jsonPath: '.metadata.creationTimestamp',
        });
      }
    });

    it('has a structural schema: every node has a type, free-form only where marked', () => {
      for (const version of crd.spec.versions) {
        const root = version.schema?.openAPIV3Schema;
        if (!root) continue;
        expect(Object.keys(root.properties ?? {}).sort()).toEqual(
          expect.arrayContaining(
            specOnlyKinds.has(crd.spec.names.kind)
              ? ['apiVersion', 'kind', 'metadata', 'spec']
              : ['apiVersion', 'kind', 'metadata', 'spec', 'status'],
          ),
        );
        walk(root, '', (node, path) => {
          if (node['x-kubernetes-int-or-string']) return;
          expect(node.type, `${file} ${path || '<root>'} has no type`).toBeTypeOf('string');
          if (
            node.type === 'object' &&
            !node.properties &&
            node.additionalProperties === undefined &&
            path !== '.metadata'
          ) {
            expect(node['x-kubernetes-preserve-unknown-fields'], `${file} ${path} is an empty object`).toBe(
              true,
            );
          }
        });
      }
    });

    it('gives every CEL rule a message that names its field (or a fieldPath)', () => {
      for (const version of crd.spec.versions) {
        const root = version.schema?.openAPIV3Schema;
        if (!root) continue;
        walk(root, '', (node, path, field) => {
          for (const rule of node['x-kubernetes-validations'] ?? []) {
            expect(rule.rule, `${file} ${path}`).toBeTruthy();
            expect(rule.message, `${file} ${path}: ${rule.rule ?? ''}`).toBeTruthy();
            if (!rule.fieldPath) expect(rule.message, `${file} ${path}`).toContain(field);
          }
        });
      }
    });
  });
});

const samples = (['valid', 'invalid'] as const).flatMap((kind) =>
  yamlFiles(join(sampleDir, kind)).map((file) => ({ kind, file, path: join(sampleDir, kind, file) })),
);

describe('samples', () => {
  const known = new Set(
    crds.map(({ crd }) => `${crd.spec.group}/${crd.spec.versions[0]?.name ?? ''} ${crd.spec.names.kind}`),
  );

  it.each(samples)('$kind/$file holds objects of our kinds without a namespace', ({ path }) => {
    const docs = parseDocs<Sample>(path);
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) {
      expect(known, `${doc.apiVersion ?? ''} ${doc.kind ?? ''}`).toContain(
        `${doc.apiVersion ?? ''} ${doc.kind ?? ''}`,
      );
      expect(doc.metadata?.name).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
      expect(doc.metadata?.namespace).toBeUndefined();
    }
  });

  it('cover every kind with at least one valid sample', () => {
    const covered = new Set(
      samples
        .filter((s) => s.kind === 'valid')
        .flatMap((s) => parseDocs<Sample>(s.path))
        .map((d) => `${d.apiVersion ?? ''} ${d.kind ?? ''}`),
    );
    expect([...covered].sort()).toEqual([...known].sort());
  });

  it.each(samples.filter((s) => s.kind === 'invalid'))(
    'invalid/$file starts with an "# expect:" line and holds one object',
    ({ path }) => {
      const firstLine = readFileSync(path, 'utf8').split('\n')[0] ?? '';
      expect(firstLine).toMatch(/^# expect: \S/);
      expect(parseDocs<Sample>(path)).toHaveLength(1);
    },
  );
});
