// Our metal3.io CRDs against baremetal-operator's own, generated from its apis module
// (tools/controlplane/upstream-bmo-crds.ts): the schemas agree but for descriptions, and where ours has
// more, it is what BMO's main branch added after the release the module proxy serves. In the integration
// tier because generating BMO's CRDs needs Go; no API server is used.
import { fileURLToPath } from 'node:url';
import type { V1CustomResourceDefinition, V1JSONSchemaProps } from '@kubernetes/client-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureUpstreamBmoCrds } from '../tools/controlplane/upstream-bmo-crds';
import { readCrdFiles } from '../server/kube/install-crds';

let ours: Map<string, V1CustomResourceDefinition>;
let upstream: Map<string, V1CustomResourceDefinition>;

const byName = (crds: V1CustomResourceDefinition[]) =>
  new Map(crds.map((crd) => [crd.metadata?.name ?? '', crd]));

/** The schema of the one version served, without descriptions: what the API server checks and prunes. */
function structure(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structure);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'description')
      .map(([key, entry]) => [key, structure(entry)]),
  );
}

const schemaOf = (crd: V1CustomResourceDefinition | undefined) =>
  crd?.spec.versions[0]?.schema?.openAPIV3Schema;

/** Every property path of a schema: `.spec.raid.softwareRAIDVolumes[].level`. */
function paths(schema: V1JSONSchemaProps | undefined, at = ''): string[] {
  if (!schema) return [];
  const additional = schema.additionalProperties as V1JSONSchemaProps | boolean | undefined;
  return [
    at,
    ...Object.entries(schema.properties ?? {}).flatMap(([key, entry]) => paths(entry, `${at}.${key}`)),
    ...paths(schema.items as V1JSONSchemaProps | undefined, `${at}[]`),
    ...paths(typeof additional === 'object' ? additional : undefined, `${at}{}`),
  ];
}

beforeAll(async () => {
  ours = byName(await readCrdFiles(fileURLToPath(new URL('.', import.meta.url))));
  upstream = byName(await readCrdFiles(await ensureUpstreamBmoCrds((line) => console.log(`[bmo] ${line}`))));
}, 600_000);

describe("our metal3.io CRDs against BMO's", () => {
  it.each([
    'firmwareschemas.metal3.io',
    'hardwaredata.metal3.io',
    'hostfirmwarecomponents.metal3.io',
    'hostfirmwaresettings.metal3.io',
  ])('%s: the same schema but for descriptions', (name) => {
    expect(structure(schemaOf(ours.get(name)))).toEqual(structure(schemaOf(upstream.get(name))));
  });

  it('baremetalhosts.metal3.io: every field of BMO v0.13 is ours; ours adds only what BMO main added', () => {
    const name = 'baremetalhosts.metal3.io';
    const mine = new Set(paths(schemaOf(ours.get(name))));
    const theirs = new Set(paths(schemaOf(upstream.get(name))));
    expect([...theirs].filter((path) => !mine.has(path))).toEqual([]);
    expect(
      [...mine].filter((path) => !theirs.has(path) && !path.startsWith('.spec.networkInterfaces[]')).sort(),
    ).toEqual([
      '.spec.networkInterfaces',
      '.spec.raid.softwareRAIDVolumes[].rootVolume',
      '.status.lastAttemptedImage',
      '.status.lastAttemptedImage.checksum',
      '.status.lastAttemptedImage.checksumType',
      '.status.lastAttemptedImage.format',
      '.status.lastAttemptedImage.ociAuthSecretName',
      '.status.lastAttemptedImage.url',
      '.status.provisioning.raid.softwareRAIDVolumes[].rootVolume',
      '.status.provisioningFailCount',
    ]);
  });
});
