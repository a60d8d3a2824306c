import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { V1CustomResourceDefinition } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CRD_OWNER_ANNOTATION, crdInstallDecision, readCrdFiles } from './install-crds';

function crd(
  versions: string[],
  metadata: {
    annotations?: Record<string, string>;
    managedFields?: { manager: string; operation: string }[];
  } = {},
): V1CustomResourceDefinition {
  return {
    metadata: { name: 'widgets.example.io', ...metadata },
    spec: {
      group: 'example.io',
      scope: 'Namespaced',
      names: { plural: 'widgets', kind: 'Widget' },
      versions: versions.map((name) => ({ name, served: true, storage: name === versions[0] })),
    },
  };
}

const ours = crd(['v1']);
const annotated = { annotations: { [CRD_OWNER_ANNOTATION]: 'rackpilot' } };

describe('crdInstallDecision', () => {
  it.each([
    { name: 'absent: install', existing: undefined, outcome: 'installed' },
    { name: 'annotated as ours: update', existing: crd(['v1'], annotated), outcome: 'updated' },
    {
      name: 'applied by our field manager before the annotation existed: update',
      existing: crd(['v1'], { managedFields: [{ manager: 'rackpilot', operation: 'Apply' }] }),
      outcome: 'updated',
    },
    {
      name: 'installed by another operator: leave it',
      existing: crd(['v1'], { managedFields: [{ manager: 'kubectl', operation: 'Apply' }] }),
      outcome: 'foreign',
    },
    {
      name: 'merely patched by us (a label), installed by someone else: leave it',
      existing: crd(['v1'], { managedFields: [{ manager: 'rackpilot', operation: 'Update' }] }),
      outcome: 'foreign',
    },
    {
      name: 'ours but serving a version we do not know: never downgrade',
      existing: crd(['v1', 'v2'], annotated),
      outcome: 'newer',
    },
  ] as const)('$name', ({ existing, outcome }) => {
    expect(crdInstallDecision(existing, ours)).toBe(outcome);
  });
});

describe('readCrdFiles', () => {
  // It parses with js-yaml for speed; the rest of the code base, and the CRDs' own tests, read YAML
  // with the yaml package. Both must see the same objects in every file of crds/.
  it('reads every CRD in crds/ as the yaml package does', async () => {
    const dir = fileURLToPath(new URL('../../crds', import.meta.url));
    const files = (await readdir(dir)).filter((file) => file.endsWith('.yaml')).sort();
    const expected = await Promise.all(
      files.map(async (file) => parse(await readFile(`${dir}/${file}`, 'utf8')) as unknown),
    );
    const read = await readCrdFiles(dir);
    expect(read.map((crd) => crd.kind)).toEqual(files.map(() => 'CustomResourceDefinition'));
    expect(read).toEqual(expected);
  });
});
