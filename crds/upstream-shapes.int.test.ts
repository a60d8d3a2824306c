// The upstream-shapes corpus (tests/fixtures/upstream-shapes): one fixture per sample, test fixture and
// README example of the upstream operators that targets a kind Rackpilot serves. Each object must pass
// a server-side dry-run create with field validation Strict (what `kubectl apply --dry-run=server`
// checks), except in files whose header says `expect: rejected`. The examples with a controller here
// are also reconciled, in the controllers' own test files (ironic.int.test.ts, sip-cluster.int.test.ts),
// so that no two test files run the same controller at once.
import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFixtureObject,
  objectPathOf,
  upstreamFixture,
  upstreamFixtures,
} from '../tools/testenv/upstream-shapes';
import { installCrds, readCrdFiles } from '../server/kube/install-crds';
import { kubeGetJson, KubeRequestError } from '../server/kube/kube-request';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `upstream-shapes-${randomBytes(3).toString('hex')}`;
const fixtures = upstreamFixtures();

beforeAll(async () => {
  // The control plane may be shared with runs of other branches: make sure it serves these CRDs.
  await installCrds(kc, await readCrdFiles(new URL('.', import.meta.url).pathname));
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
}, 120_000);

afterAll(async () => {
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

describe('upstream shapes: server-side dry run, field validation Strict', () => {
  it('has a fixture for every upstream source, each naming it', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(32);
    for (const { file, header } of fixtures) {
      expect(header, file).toMatch(/^# Rackpilot fixture in the shape of upstream \S+\/\S+ \S+/);
    }
  });

  for (const { file, objects, rejected } of fixtures) {
    it.each(objects.map((object) => [`${object.kind} ${object.metadata.name}`, object] as const))(
      `${file}: %s`,
      async (_, object) => {
        const refusal = await createFixtureObject(kc, object, namespace, true).then(
          () => undefined,
          (error: unknown) => {
            if (!(error instanceof KubeRequestError)) throw error;
            return error;
          },
        );
        if (rejected) expect(refusal?.status, 'expected a refusal').toBeGreaterThanOrEqual(400);
        else expect(refusal?.serverMessage, refusal?.message).toBeUndefined();
      },
    );
  }
});

describe('upstream shapes: unknown fields kept where upstream kept them', () => {
  it.each(['sample-plundercluster.yaml', 'sample-plundermachine.yaml'])(
    'cluster-api-plunder/%s: the scaffold spec.foo is stored and read back',
    async (file) => {
      const [object] = upstreamFixture(`cluster-api-plunder/${file}`).objects;
      if (!object) throw new Error(`${file} is empty`);
      await createFixtureObject(kc, object, namespace);
      const stored = await kubeGetJson<{ spec?: Record<string, unknown> }>(
        kc,
        objectPathOf(object, namespace),
      );
      expect(stored.spec?.foo).toBe('bar');
    },
  );
});
