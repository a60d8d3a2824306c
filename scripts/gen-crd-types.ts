// Generates server/types/crds/*.ts from the CustomResourceDefinitions in crds/, so that the CRD YAML is
// the one source of truth for both the API server's validation and the TypeScript types.
//
//   npx tsx scripts/gen-crd-types.ts          write the files
//   npx tsx scripts/gen-crd-types.ts --check  exit 1 when the files on disk are out of date
//
// generateCrdTypes() returns the files without writing them; scripts/gen-crd-types.test.ts uses it to
// check that the committed files are current.
import { readdir, readFile, mkdir, writeFile, rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { format, resolveConfig } from 'prettier';
import { parse } from 'yaml';

export const repoRoot = dirname(dirname(fileURLToPath(import.meta.url)));
export const crdDir = 'crds';
export const typesDir = join('server', 'types', 'crds');

/** One file to write, with its path relative to the repository root. */
export interface GeneratedFile {
  path: string;
  content: string;
}

/** The parts of a CRD version the generator reads. */
interface CrdVersion {
  name: string;
  served: boolean;
  storage: boolean;
  schema?: { openAPIV3Schema?: K8sSchema };
}

interface CrdDocument {
  apiVersion: string;
  kind: string;
  spec: {
    group: string;
    names: { kind: string; plural: string };
    scope: 'Namespaced' | 'Cluster';
    versions: CrdVersion[];
  };
}

/** A Kubernetes structural schema node (OpenAPI v3 subset plus the x-kubernetes-* extensions). */
export interface K8sSchema {
  type?: string;
  description?: string;
  properties?: Record<string, K8sSchema>;
  additionalProperties?: K8sSchema | boolean;
  items?: K8sSchema;
  required?: string[];
  enum?: (string | number | boolean | null)[];
  default?: unknown;
  nullable?: boolean;
  anyOf?: K8sSchema[];
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  title?: string;
  [key: string]: unknown;
}

/** What one CRD file describes, as needed for the generated code. */
export interface CrdInfo {
  file: string;
  group: string;
  version: string;
  kind: string;
  plural: string;
  namespaced: boolean;
  schema: K8sSchema;
}

/** SIPCluster → sip-cluster, BareMetalHost → bare-metal-host, PlacementAPI → placement-api. */
export function kebabCase(kind: string): string {
  return kind
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

/** sip-cluster → sipCluster. */
export function camelCase(kebab: string): string {
  return kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Reads every crds/*.yaml (not the samples) in file-name order. */
export async function readCrds(root = repoRoot): Promise<CrdInfo[]> {
  const dir = join(root, crdDir);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.yaml')).sort();
  const crds: CrdInfo[] = [];
  for (const file of files) {
    const doc = parse(await readFile(join(dir, file), 'utf8')) as CrdDocument;
    if (doc.kind !== 'CustomResourceDefinition')
      throw new Error(`${crdDir}/${file}: not a CustomResourceDefinition`);
    const served = doc.spec.versions.filter((v) => v.served);
    const version = served.find((v) => v.storage) ?? served[0];
    const schema = version?.schema?.openAPIV3Schema;
    if (!version || !schema) throw new Error(`${crdDir}/${file}: no served version with a schema`);
    crds.push({
      file,
      group: doc.spec.group,
      version: version.name,
      kind: doc.spec.names.kind,
      plural: doc.spec.names.plural,
      namespaced: doc.spec.scope === 'Namespaced',
      schema,
    });
  }
  return crds;
}

const RECORD = 'Record<string, unknown>';

/** Reuses one JSON Schema object per title, so json-schema-to-typescript declares the type only once. */
type TitleCache = Map<string, { key: string; schema: JSONSchema }>;

/** Compares shapes, not documentation: the first declaration's descriptions are kept. */
function sameShapeKey(schema: JSONSchema): string {
  return JSON.stringify(schema, (key, value: unknown) =>
    key === 'description' && typeof value === 'string' ? undefined : value,
  );
}

/**
 * Turns a Kubernetes schema node into plain JSON Schema for json-schema-to-typescript: int-or-string
 * becomes number | string, free-form objects become Record<string, unknown> (or an index signature
 * when some properties are known), nullable adds null; validation-only keywords are dropped. A
 * `title` on a node names its TypeScript type (prefixed with the kind); nodes with the same title
 * must have the same shape and share one declaration.
 */
export function toJsonSchema(node: K8sSchema, kind: string, titles: TitleCache = new Map()): JSONSchema {
  const convert = (child: K8sSchema) => toJsonSchema(child, kind, titles);
  let out: JSONSchema = {};
  // The API server fills in defaults; the doc comment says which.
  const defaultDoc = node.default === undefined ? undefined : `@default ${JSON.stringify(node.default)}`;
  const description = [node.description, defaultDoc].filter(Boolean).join('\n\n');
  if (description) out.description = description;

  if (node['x-kubernetes-int-or-string']) {
    out.tsType = 'number | string';
  } else if (node.type === 'object') {
    const properties = node.properties ?? {};
    const preserve = node['x-kubernetes-preserve-unknown-fields'] === true;
    const hasProperties = Object.keys(properties).length > 0;
    if (
      !hasProperties &&
      (preserve || node.additionalProperties === undefined || node.additionalProperties === true)
    ) {
      out.tsType = RECORD;
    } else {
      out.type = 'object';
      if (hasProperties)
        out.properties = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, convert(v)]));
      if (node.required?.length) out.required = [...node.required];
      out.additionalProperties =
        typeof node.additionalProperties === 'object'
          ? convert(node.additionalProperties)
          : preserve || node.additionalProperties === true;
    }
  } else if (node.type === 'array') {
    out.type = 'array';
    if (node.items) out.items = convert(node.items);
  } else if (node.type) {
    out.type = node.type as JSONSchema['type'];
  } else if (node['x-kubernetes-preserve-unknown-fields']) {
    out.tsType = 'unknown';
  }
  if (node.enum && !out.tsType) out.enum = node.enum;

  if (node.nullable) {
    const { description: doc, ...rest } = out;
    out = { ...(doc ? { description: doc } : {}), anyOf: [rest, { type: 'null' }] };
  }

  if (typeof node.title === 'string') {
    // The shared type carries no description; each use keeps its own through a one-element allOf.
    const { description: doc, ...shape } = out;
    const title = node.title.startsWith(kind) ? node.title : `${kind}${node.title}`;
    const key = sameShapeKey(shape);
    const seen = titles.get(title);
    if (seen && seen.key !== key) throw new Error(`${kind}: schemas titled ${node.title} differ in shape`);
    const shared = seen?.schema ?? { ...shape, title };
    if (!seen) titles.set(title, { key, schema: shared });
    return doc ? { description: doc, allOf: [shared] } : shared;
  }
  return out;
}

const compileOptions = {
  additionalProperties: false,
  bannerComment: '',
  format: false,
  // tsconfig has noUncheckedIndexedAccess, so index signatures need no explicit `| undefined`.
  strictIndexSignatures: false,
  unknownAny: true,
  ignoreMinAndMaxItems: true,
} as const;

/** A spec or status schema as a named interface (free-form objects get an index signature). */
function namedPart(
  schema: K8sSchema | undefined,
  name: string,
  kind: string,
  titles: TitleCache,
): JSONSchema {
  const json: JSONSchema = schema ? toJsonSchema(schema, kind, titles) : { type: 'object' };
  const part: JSONSchema = json.tsType
    ? { description: json.description, type: 'object', additionalProperties: true }
    : json;
  return { ...part, title: name };
}

async function kindFile(crd: CrdInfo): Promise<GeneratedFile> {
  const { kind, schema } = crd;
  const titles: TitleCache = new Map();
  // A spec with a default is in every object the API server returns, even one created without it.
  const specRequired =
    (schema.required?.includes('spec') ?? false) || schema.properties?.spec?.default !== undefined;
  const root: JSONSchema = {
    title: kind,
    ...(schema.description ? { description: schema.description } : {}),
    type: 'object',
    additionalProperties: false,
    required: ['apiVersion', 'kind', 'metadata', ...(specRequired ? ['spec'] : [])],
    properties: {
      apiVersion: { tsType: `'${crd.group}/${crd.version}'` },
      kind: { tsType: `'${kind}'` },
      metadata: { tsType: 'V1ObjectMeta' },
      spec: namedPart(schema.properties?.spec, `${kind}Spec`, kind, titles),
      // FirmwareSchema and HardwareData have no status upstream: their types say so.
      ...(schema.properties?.status
        ? { status: namedPart(schema.properties.status, `${kind}Status`, kind, titles) }
        : {}),
    },
  };
  const types = await compile(root, kind, compileOptions);
  const resourceName = `${camelCase(kebabCase(kind))}Resource`;
  const content = `// Generated by scripts/gen-crd-types.ts from ${crdDir}/${crd.file}; do not edit.
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { ResourceDescriptor } from '../resource-descriptor';

${types}
/** Where the API server serves ${kind} objects. */
export const ${resourceName}: ResourceDescriptor<${kind}> = {
  group: '${crd.group}',
  version: '${crd.version}',
  plural: '${crd.plural}',
  kind: '${kind}',
  namespaced: ${String(crd.namespaced)},
};
`;
  return { path: join(typesDir, `${kebabCase(kind)}.ts`), content };
}

function indexFile(crds: CrdInfo[]): GeneratedFile {
  const modules = crds.map((c) => ({
    module: kebabCase(c.kind),
    resource: `${camelCase(kebabCase(c.kind))}Resource`,
  }));
  const content = `// Generated by scripts/gen-crd-types.ts from ${crdDir}/*.yaml; do not edit.
import type { ResourceDescriptor } from '../resource-descriptor';
${modules.map((m) => `import { ${m.resource} } from './${m.module}';`).join('\n')}

${modules.map((m) => `export * from './${m.module}';`).join('\n')}

/** Every custom resource defined in ${crdDir}/, in file-name order. */
export const allCustomResources: readonly ResourceDescriptor[] = [
${modules.map((m) => `  ${m.resource},`).join('\n')}
];
`;
  return { path: join(typesDir, 'index.ts'), content };
}

/** Generates every file of server/types/crds in memory, formatted with the repository's Prettier settings. */
export async function generateCrdTypes(root = repoRoot): Promise<GeneratedFile[]> {
  const crds = await readCrds(root);
  const kebabs = crds.map((c) => kebabCase(c.kind));
  const duplicate = kebabs.find((k, i) => kebabs.indexOf(k) !== i || k === 'index');
  if (duplicate) throw new Error(`two CRDs map to ${typesDir}/${duplicate}.ts`);
  const files = [...(await Promise.all(crds.map(kindFile))), indexFile(crds)];
  return Promise.all(
    files.map(async (file) => {
      const filepath = join(root, file.path);
      const options = (await resolveConfig(filepath)) ?? {};
      return { path: file.path, content: await format(file.content, { ...options, filepath }) };
    }),
  );
}

/** Writes the generated files and removes stale .ts files from server/types/crds. */
export async function writeCrdTypes(root = repoRoot): Promise<GeneratedFile[]> {
  const files = await generateCrdTypes(root);
  const dir = join(root, typesDir);
  await mkdir(dir, { recursive: true });
  const wanted = new Set(files.map((f) => join(root, f.path)));
  for (const entry of await readdir(dir)) {
    const path = join(dir, entry);
    if (entry.endsWith('.ts') && !wanted.has(path)) await rm(path);
  }
  await Promise.all(files.map((f) => writeFile(join(root, f.path), f.content)));
  return files;
}

/** Paths (relative to root) whose content on disk differs from what the generator produces. */
export async function staleCrdTypes(root = repoRoot): Promise<string[]> {
  const files = await generateCrdTypes(root);
  const stale: string[] = [];
  for (const file of files) {
    const onDisk = await readFile(join(root, file.path), 'utf8').catch(() => undefined);
    if (onDisk !== file.content) stale.push(file.path);
  }
  const expected = new Set(files.map((f) => f.path));
  const present = await readdir(join(root, typesDir)).catch(() => [] as string[]);
  for (const entry of present) {
    const path = join(typesDir, entry);
    if (entry.endsWith('.ts') && !expected.has(path)) stale.push(path);
  }
  return stale;
}

async function main(): Promise<void> {
  if (process.argv.includes('--check')) {
    const stale = await staleCrdTypes();
    if (stale.length > 0) {
      console.error(`out of date (run npx tsx scripts/gen-crd-types.ts): ${stale.join(', ')}`);
      process.exit(1);
    }
    console.log(`${typesDir} is up to date`);
    return;
  }
  const files = await writeCrdTypes();
  for (const f of files) console.log(`wrote ${relative(repoRoot, join(repoRoot, f.path))}`);
}

const invokedPath = process.argv[1];
if (invokedPath && import.meta.url === pathToFileURL(invokedPath).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
