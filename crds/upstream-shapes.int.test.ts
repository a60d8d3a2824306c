// The upstream-shapes corpus (tests/fixtures/upstream-shapes): one fixture per sample, test fixture and
// README example of the upstream operators that targets a kind Rackpilot serves. Each object must pass
// a server-side dry-run create with field validation Strict (what `kubectl apply --dry-run=server`
// checks), except in files whose header says `expect: rejected` because upstream's own CRD refuses the
// upstream file too. The examples with a controller here are then created for real and reconciled.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControllers, type ControllerHarness } from '../tools/testenv/controller-harness';
import { eventually } from '../tools/testenv/eventually';
import { installCrds, readCrdFiles } from '../server/kube/install-crds';
import { KubeRequestError, kubeGetJson, kubeRequestJson } from '../server/kube/kube-request';
import { collectionPath } from '../server/kube/resource';
import { allCustomResources, type Ironic, type IronicDatabase, type SIPCluster } from '../server/types/crds';

const crdDir = fileURLToPath(new URL('.', import.meta.url));
const corpus = join(crdDir, '..', 'tests', 'fixtures', 'upstream-shapes');
const kc = new KubeConfig();
kc.loadFromDefault();
const run = randomBytes(3).toString('hex');
const dryRunNamespace = `upstream-shapes-${run}`;

interface PlainObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string } & Record<string, unknown>;
  [field: string]: unknown;
}

interface Fixture {
  file: string;
  objects: PlainObject[];
  /** Upstream's own CRD refuses the upstream file: ours must refuse the fixture too. */
  rejected: boolean;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? yamlFiles(join(dir, entry.name))
        : entry.name.endsWith('.yaml')
          ? [join(dir, entry.name)]
          : [],
    )
    .sort();
}

function loadFixtures(): Fixture[] {
  return yamlFiles(corpus).map((path) => {
    const text = readFileSync(path, 'utf8');
    return {
      file: relative(corpus, path),
      objects: parseAllDocuments(text)
        .map((doc) => doc.toJS() as PlainObject | null)
        .filter((object): object is PlainObject => object !== null),
      rejected: /^# expect: rejected/m.test(text),
    };
  });
}

/** The collection an object is created in: core Secrets or one of our custom resources. */
function collectionOf(object: PlainObject, namespace: string): string {
  if (object.apiVersion === 'v1') return `/api/v1/namespaces/${namespace}/${object.kind.toLowerCase()}s`;
  const resource = allCustomResources.find(
    (r) => `${r.group}/${r.version}` === object.apiVersion && r.kind === object.kind,
  );
  if (!resource) throw new Error(`no served resource for ${object.apiVersion} ${object.kind}`);
  return collectionPath(resource, namespace);
}

/** Creates an object in `namespace` (the fixture's own namespace is a placement, not a shape). */
async function create(object: PlainObject, namespace: string, dryRun: boolean): Promise<unknown> {
  return kubeRequestJson(kc, collectionOf(object, namespace), {
    method: 'POST',
    query: { fieldValidation: 'Strict', ...(dryRun ? { dryRun: 'All' } : {}) },
    body: { ...object, metadata: { ...object.metadata, namespace } },
  });
}

function fixture(file: string): Fixture {
  const found = fixtures.find((f) => f.file === file);
  if (!found) throw new Error(`no fixture ${file}`);
  return found;
}

const fixtures = loadFixtures();

beforeAll(async () => {
  // The control plane may be shared with runs of other branches: make sure it serves these CRDs.
  await installCrds(kc, await readCrdFiles(crdDir));
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: dryRunNamespace } } });
}, 120_000);

afterAll(async () => {
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: dryRunNamespace });
});

describe('upstream shapes: server-side dry run, field validation Strict', () => {
  it('has a fixture for every upstream source, each naming it', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(29);
    for (const { file } of fixtures) {
      const header = readFileSync(join(corpus, file), 'utf8').split('\n')[0] ?? '';
      expect(header, file).toMatch(/^# Rackpilot fixture in the shape of upstream \S+\/\S+ \S+/);
    }
  });

  for (const { file, objects, rejected } of fixtures) {
    it.each(objects.map((object) => [`${object.kind} ${object.metadata.name}`, object] as const))(
      `${file}: %s`,
      async (_, object) => {
        const outcome = await create(object, dryRunNamespace, true).then(
          () => undefined,
          (error: unknown) => {
            if (!(error instanceof KubeRequestError)) throw error;
            return error;
          },
        );
        if (rejected) expect(outcome?.status, 'upstream rejects this one too').toBeGreaterThanOrEqual(400);
        else expect(outcome?.serverMessage, outcome?.message).toBeUndefined();
      },
    );
  }
});

describe('upstream shapes reconciled by the controllers', () => {
  const namespace = `upstream-live-${run}`;
  let harness: ControllerHarness;

  beforeAll(async () => {
    await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
    harness = await startControllers(kc, ['ironic', 'sip']);
  }, 120_000);

  afterAll(async () => {
    // The SIPCluster carries upstream's finalizer: let the controller release it before it stops.
    const sip = fixture('sip/sipcluster-sample.yaml').objects[0];
    if (sip) {
      await kubeRequestJson(kc, `${collectionOf(sip, namespace)}/${sip.metadata.name}`, {
        method: 'DELETE',
      }).catch(() => undefined);
      await eventually(async () => {
        await expect(
          kubeGetJson(kc, `${collectionOf(sip, namespace)}/${sip.metadata.name}`),
        ).rejects.toThrow();
      });
    }
    await harness.stop();
    await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
  }, 60_000);

  it("the era README's TLS Secret, IronicDatabase (tlsRef) and Ironic (databaseRef, tlsRef, DHCP, ramdiskSSHKey) reach Ready unchanged", async () => {
    const example = fixture('ironic-standalone-operator/readme-database-example.yaml');
    for (const object of example.objects) await create(object, namespace, false);
    const ironic = example.objects.find((o) => o.kind === 'Ironic');
    if (!ironic) throw new Error('the example has no Ironic');
    const ready = await eventually(async () => {
      const current = await kubeGetJson<Ironic>(
        kc,
        `${collectionOf(ironic, namespace)}/${ironic.metadata.name}`,
      );
      const condition = current.status?.conditions?.find((c) => c.type === 'Ready');
      expect(condition?.status, condition?.message).toBe('True');
      return current;
    }, 90_000);
    // Unchanged, except the credentials Secret the controller generated and linked, as upstream does.
    expect(ready.spec).toMatchObject(ironic.spec as object);
    expect(ready.spec?.credentialsRef?.name).toBeTruthy();
    expect(ready.status?.installedVersion).toEqual({ branch: 'latest' });
  }, 120_000);

  it("the era's IronicDatabase sample (spec: null) reaches Ready", async () => {
    const [database] = fixture('ironic-standalone-operator/sample-ironicdatabase.yaml').objects;
    if (!database) throw new Error('no IronicDatabase');
    await create(database, namespace, false);
    await eventually(async () => {
      const current = await kubeGetJson<IronicDatabase>(
        kc,
        `${collectionOf(database, namespace)}/${database.metadata.name}`,
      );
      const condition = current.status?.conditions?.find((c) => c.type === 'Ready');
      expect(condition?.status, condition?.message).toBe('True');
    }, 90_000);
  }, 120_000);

  it("SIP's sample is reconciled: a Ready condition for its generation", async () => {
    const [sip] = fixture('sip/sipcluster-sample.yaml').objects;
    if (!sip) throw new Error('no SIPCluster');
    await create(sip, namespace, false);
    await eventually(async () => {
      const current = await kubeGetJson<SIPCluster>(
        kc,
        `${collectionOf(sip, namespace)}/${sip.metadata.name}`,
      );
      const condition = current.status?.conditions?.find((c) => c.type === 'Ready');
      expect(condition?.observedGeneration).toBe(current.metadata.generation);
      expect(condition?.reason).not.toBe('Progressing');
    });
  });
});
