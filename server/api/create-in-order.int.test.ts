// createInOrder against the real API server: an object owned by one created before it is dry-run with a
// stand-in owner uid the API server accepts, then stored with the owner's real uid.
import { randomBytes } from 'node:crypto';
import { KubeConfig, type V1ConfigMap, type V1Secret } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRejection, type CreateResult } from './api-rejection';
import { createInOrder, createStep, kubeObjectWriter, type CreateStep } from './create-in-order';
import { kubeGetJson, kubeRequestJson } from '../kube/kube-request';
import { collectionPath, configMapResource, secretResource } from '../kube/resource';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `create-in-order-${randomBytes(3).toString('hex')}`;

function steps(name: string, secretData: Record<string, string>): CreateStep[] {
  const owner = createStep(
    configMapResource,
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace, name } },
    { nameField: 'name' },
  );
  const owned: V1Secret = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { namespace, name },
    stringData: secretData,
  };
  return [owner, createStep(secretResource, owned, { nameField: 'name', owner })];
}

function rejection(error: unknown, step: CreateStep): CreateResult | undefined {
  return apiRejection(error, {
    kind: step.resource.kind,
    namespace,
    name: step.object.metadata?.name ?? '',
    nameField: step.nameField,
    fieldOf: () => undefined,
  });
}

const names = async (resource: typeof configMapResource | typeof secretResource) =>
  (await kubeGetJson<{ items: V1ConfigMap[] }>(kc, collectionPath(resource, namespace))).items
    .map((item) => item.metadata?.name)
    .filter((name) => name !== 'kube-root-ca.crt');

beforeAll(async () => {
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
});

afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

describe('createInOrder with an owner step', () => {
  it('dry-runs the owned object with a stand-in owner and stores nothing', async () => {
    const result = await createInOrder(kubeObjectWriter(kc), {
      steps: steps('checked', { key: 'value' }),
      dryRun: true,
      rejection,
    });
    expect(result).toEqual({
      status: 'accepted',
      message: 'The API server accepts these objects (dry run: nothing was created)',
    });
    expect(await names(configMapResource)).toEqual([]);
    expect(await names(secretResource)).toEqual([]);
  });

  it("stores the owned object with its owner's real uid", async () => {
    const result = await createInOrder(kubeObjectWriter(kc), {
      steps: steps('kept', { key: 'value' }),
      dryRun: false,
      rejection,
    });
    expect(result).toEqual({ status: 'created', namespace, name: 'kept' });
    const owner = await kubeGetJson<V1ConfigMap>(kc, `${collectionPath(configMapResource, namespace)}/kept`);
    const owned = await kubeGetJson<V1Secret>(kc, `${collectionPath(secretResource, namespace)}/kept`);
    expect(owned.metadata?.ownerReferences).toEqual([
      { apiVersion: 'v1', kind: 'ConfigMap', name: 'kept', uid: owner.metadata?.uid, controller: true },
    ]);
  });

  it('refuses an owned object the API server rejects, creating neither', async () => {
    const result = await createInOrder(kubeObjectWriter(kc), {
      steps: steps('refused', { 'not a key!': 'value' }),
      dryRun: false,
      rejection,
    });
    expect(result).toMatchObject({ status: 'rejected' });
    expect(await names(configMapResource)).toEqual(['kept']);
    expect(await names(secretResource)).toEqual(['kept']);
  });
});
