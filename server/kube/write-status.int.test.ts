import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { collectionPath, type ResourceDescriptor } from './resource';
import type { ControllerContext } from './controller-context';
import { ControllerMetrics } from './controller-metrics';
import { EventRecorder } from './events';
import { InformerSet } from './informer-set';
import { SecretValues } from './secret-values';
import { kubeGetJson, kubeRequestJson } from './kube-request';
import { writeStatus } from './write-status';

const kc = new KubeConfig();
kc.loadFromDefault();
const core = kc.makeApiClient(CoreV1Api);
const suffix = randomBytes(3).toString('hex');
const namespace = `status-${suffix}`;
// A kind of this test's own: no controller of any server sharing the cluster reconciles it.
const gauges: ResourceDescriptor = {
  group: `status-${suffix}.test.rackpilot.io`,
  version: 'v1',
  plural: 'gauges',
  kind: 'Gauge',
  namespaced: true,
};
const crdName = `${gauges.plural}.${gauges.group}`;
const path = `${collectionPath(gauges, namespace)}/pool`;

interface Gauge {
  metadata: { name: string };
  status?: object;
}

let ctx: ControllerContext;

beforeAll(async () => {
  await core.createNamespace({ body: { metadata: { name: namespace } } });
  await kubeRequestJson(kc, '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', {
    method: 'POST',
    body: {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: crdName },
      spec: {
        group: gauges.group,
        scope: 'Namespaced',
        names: { plural: gauges.plural, singular: 'gauge', kind: gauges.kind },
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            subresources: { status: {} },
            schema: {
              openAPIV3Schema: {
                type: 'object',
                properties: {
                  status: {
                    type: 'object',
                    properties: {
                      ready: { type: 'boolean' },
                      allocatedAddresses: { type: 'integer' },
                      failureReason: { type: 'string' },
                      failureMessage: { type: 'string' },
                    },
                  },
                },
              },
            },
          },
        ],
      },
    },
  });
  // The new kind is served a moment after the CRD is created.
  await eventually(async () => {
    await kubeRequestJson(kc, collectionPath(gauges, namespace), {
      method: 'POST',
      body: { apiVersion: `${gauges.group}/v1`, kind: gauges.kind, metadata: { name: 'pool' } },
    });
  }, 30_000);
  ctx = {
    kc,
    informers: new InformerSet(kc, []),
    metrics: new ControllerMetrics(),
    // No Secret is read here.
    secrets: new SecretValues(kc, () => undefined),
    events: new EventRecorder(kc, 'test', 'test-0'),
    log: () => undefined,
    controller: { name: 'test', owns: [] },
  };
});

afterAll(async () => {
  await core.deleteNamespace({ name: namespace });
  await kubeRequestJson(kc, `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crdName}`, {
    method: 'DELETE',
  });
});

describe('writeStatus against the API server', () => {
  it('removes what the planner leaves out, and writes nothing when the status is already right', async () => {
    const failing = {
      ready: false,
      allocatedAddresses: 0,
      failureReason: 'InvalidPool',
      failureMessage: 'subnet 10.0.0.0/33 is not a CIDR',
    };
    expect(await writeStatus(ctx, gauges, await kubeGetJson<Gauge>(kc, path), failing)).toBe(true);
    const stored = await kubeGetJson<Gauge>(kc, path);
    expect(stored.status).toEqual(failing);

    const healed = { ready: true, allocatedAddresses: 0 };
    // null says "absent" as a merge patch would; it is left out, not sent.
    expect(await writeStatus(ctx, gauges, stored, { ...healed, failureMessage: null })).toBe(true);
    const after = await kubeGetJson<Gauge>(kc, path);
    expect(after.status).toEqual(healed);
    expect(await writeStatus(ctx, gauges, after, healed)).toBe(false);
  });
});
