// Upstream's two PlacementAPI samples and the service-override example, applied unchanged into the
// lab's setting (stand-in CRDs and simulator, the PlacementAPI controller), each reach Ready.
import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectPath } from '../../server/kube/apply';
import { kubeGetJson } from '../../server/kube/kube-request';
import { placementApiResource, type PlacementAPI } from '../../server/types/crds/placement-api';
import { startControllers, type ControllerHarness } from '../testenv/controller-harness';
import { eventually } from '../testenv/eventually';
import { runStandInSimulator } from './openstack-stand-ins';
import { applyPlacementFixture, PLACEMENT_FIXTURES, preparePlacementNamespace } from './placement-lab';

const kc = new KubeConfig();
kc.loadFromDefault();
const suffix = randomBytes(3).toString('hex');
const namespaces = Object.keys(PLACEMENT_FIXTURES).map((key) => `lab-${key.toLowerCase()}-${suffix}`);
const stop = new AbortController();
let harness: ControllerHarness;
let simulator: Promise<void>;

beforeAll(async () => {
  for (const namespace of namespaces) await preparePlacementNamespace(kc, namespace);
  harness = await startControllers(kc, ['placement']);
  simulator = runStandInSimulator(kc, { intervalMs: 500, signal: stop.signal, log: console.log });
}, 180_000);

afterAll(async () => {
  stop.abort();
  await simulator;
  await harness.stop();
  for (const name of namespaces) await kc.makeApiClient(CoreV1Api).deleteNamespace({ name });
});

describe('the PlacementAPI fixtures in the lab', () => {
  it.each(Object.entries(PLACEMENT_FIXTURES).map(([key, file], index) => ({ key, file, index })))(
    '$file reaches Ready',
    async ({ file, index }) => {
      const namespace = namespaces[index] ?? '';
      const name = await applyPlacementFixture(kc, file, namespace);
      await eventually(
        async () => {
          const placement = await kubeGetJson<PlacementAPI>(
            kc,
            objectPath(placementApiResource, namespace, name),
          );
          const ready = placement.status?.conditions?.find((c) => c.type === 'Ready');
          expect(ready?.status, ready?.message).toBe('True');
        },
        120_000,
        500,
      );
    },
    180_000,
  );
});
