import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KubeConfig } from '@kubernetes/client-node';
import { parseAllDocuments } from 'yaml';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath } from '../../server/kube/resource';
import { allCustomResources } from '../../server/types/crds';

/** tests/fixtures/upstream-shapes: our fixtures in the shapes of the upstream operators' manifests. */
export const UPSTREAM_SHAPES_DIR = fileURLToPath(
  new URL('../../tests/fixtures/upstream-shapes', import.meta.url),
);

export interface PlainObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string } & Record<string, unknown>;
  [field: string]: unknown;
}

export interface UpstreamFixture {
  /** Path under UPSTREAM_SHAPES_DIR. */
  file: string;
  header: string;
  objects: PlainObject[];
  /** Upstream's own CRD refuses the upstream file, or a listed deliberate difference applies. */
  rejected: boolean;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return yamlFiles(path);
      return entry.name.endsWith('.yaml') ? [path] : [];
    })
    .sort();
}

export function upstreamFixtures(): UpstreamFixture[] {
  return yamlFiles(UPSTREAM_SHAPES_DIR).map((path) => {
    const text = readFileSync(path, 'utf8');
    return {
      file: relative(UPSTREAM_SHAPES_DIR, path),
      header: text.split('\n')[0] ?? '',
      objects: parseAllDocuments(text)
        .map((doc) => doc.toJS() as PlainObject | null)
        .filter((object): object is PlainObject => object !== null),
      rejected: /^# expect: rejected/m.test(text),
    };
  });
}

export function upstreamFixture(file: string): UpstreamFixture {
  const found = upstreamFixtures().find((fixture) => fixture.file === file);
  if (!found) throw new Error(`no fixture ${file}`);
  return found;
}

/** The object of a kind in a fixture (the first one). */
export function fixtureObject(file: string, kind: string): PlainObject {
  const object = upstreamFixture(file).objects.find((o) => o.kind === kind);
  if (!object) throw new Error(`${file} has no ${kind}`);
  return object;
}

/** Where an object lives: a core object (Secret) or one of the custom resources Rackpilot serves. */
export function objectPathOf(object: PlainObject, namespace: string): string {
  if (object.apiVersion === 'v1') {
    return `/api/v1/namespaces/${namespace}/${object.kind.toLowerCase()}s/${object.metadata.name}`;
  }
  const resource = allCustomResources.find(
    (r) => `${r.group}/${r.version}` === object.apiVersion && r.kind === object.kind,
  );
  if (!resource) throw new Error(`no served resource for ${object.apiVersion} ${object.kind}`);
  return `${collectionPath(resource, namespace)}/${object.metadata.name}`;
}

/**
 * Creates a fixture object in `namespace` with field validation Strict (the fixture's own namespace
 * is a placement, not a shape); with dryRun the API server only checks it.
 */
export function createFixtureObject(
  kc: KubeConfig,
  object: PlainObject,
  namespace: string,
  dryRun = false,
): Promise<unknown> {
  const path = objectPathOf(object, namespace);
  return kubeRequestJson(kc, path.slice(0, path.lastIndexOf('/')), {
    method: 'POST',
    query: { fieldValidation: 'Strict', ...(dryRun ? { dryRun: 'All' } : {}) },
    body: { ...object, metadata: { ...object.metadata, namespace } },
  });
}
