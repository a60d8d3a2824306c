// An upstream Contrail Manager sample, unchanged, on the local cluster's own simulated nodes (those
// `npm start` makes), labelled as a user would for the sample's node selectors: the labels, the
// sample's namespace and the controllers are set up before a file's tests and removed after them.
import type { V1Namespace, V1Node } from '@kubernetes/client-node';
import { afterAll, beforeAll, expect } from 'vitest';
import { ensureSimulatedNodes } from '../controlplane/kwok-nodes';
import { startControllers, type ControllerHarness } from './controller-harness';
import { expectManagerNamesNotReady } from './contrail-manager-test';
import { kc, setServicePodsReady } from './contrail-test-cluster';
import { eventually } from './eventually';
import { KubeRequestError, kubeGetJson, kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath } from '../../server/kube/resource';
import { managerResource, vrouterResource, type Manager } from '../../server/types/crds';
import { removeNamespace } from './remove-namespace';

export const MASTER_LABEL = 'node-role.kubernetes.io/master';
/** What upstream's samples' second vRouter group selects: a user labels the nodes that run vRouters. */
export const VROUTER_LABEL = 'node-role.opencontrail.org';

export const nodePath = (name: string) => `/api/v1/nodes/${name}`;

const labelNode = (name: string, label: string, value: string | null) =>
  kubeRequestJson(kc, nodePath(name), {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: { metadata: { labels: { [label]: value } } },
  });

/**
 * Waits until the namespace is not being deleted: the samples share theirs, and an earlier file's
 * deletion leaves it terminating for a while, refusing anything created in it.
 */
async function untilNotTerminating(namespace: string): Promise<void> {
  await eventually(
    async () => {
      const found = await kubeGetJson<V1Namespace>(kc, `/api/v1/namespaces/${namespace}`).catch(
        (error: unknown) => {
          if (error instanceof KubeRequestError && error.status === 404) return undefined;
          throw error;
        },
      );
      if (found?.status?.phase === 'Terminating')
        throw new Error(`namespace ${namespace} is still terminating`);
    },
    120_000,
    500,
  );
}

/** Each node with the label and value the sample's selectors ask of it. */
export type NodeLabels = [node: string, label: string, value: string][];

/**
 * Before the file's tests: the nodes' addresses (as `npm start` gives them), the labels a node does
 * not have yet, the sample's namespace and the Contrail controllers. After them: the sample's Manager
 * deleted, and what was added removed again.
 */
export function sampleOnLocalNodes(sample: Manager | undefined, labels: NodeLabels): void {
  const namespace = sample?.metadata.namespace ?? '';
  const added: [string, string][] = [];
  let harness: ControllerHarness | undefined;
  let createdNamespace = false;
  beforeAll(async () => {
    if (!sample) throw new Error('no Manager sample');
    // A shared cluster may predate the nodes' addresses; this adds them as `npm start` would.
    await ensureSimulatedNodes(kc);
    for (const [name, label, value] of labels) {
      const node = await kubeGetJson<V1Node>(kc, nodePath(name));
      if (node.metadata?.labels?.[label] !== undefined) continue;
      await labelNode(name, label, value);
      added.push([name, label]);
    }
    await untilNotTerminating(namespace);
    try {
      await kubeRequestJson(kc, '/api/v1/namespaces', {
        method: 'POST',
        body: { metadata: { name: namespace } },
      });
      createdNamespace = true;
    } catch (error) {
      if (!(error instanceof KubeRequestError && error.status === 409)) throw error;
    }
    harness = await startControllers(kc, ['contrail']);
  }, 120_000);

  // Deleted while the controllers run: the vRouter groups' finalizer waits for them.
  afterAll(async () => {
    const name = sample?.metadata.name ?? '';
    await kubeRequestJson(kc, `${collectionPath(managerResource, namespace)}/${name}`, {
      method: 'DELETE',
    });
    await eventually(
      async () => {
        const left = await kubeGetJson<{ items: unknown[] }>(kc, collectionPath(vrouterResource, namespace));
        if (left.items.length > 0)
          throw new Error(`${left.items.length} vRouter groups still in ${namespace}`);
      },
      60_000,
      500,
    ).catch(() => undefined);
    if (createdNamespace) await removeNamespace(kc, namespace);
    await harness?.stop();
    for (const [name, label] of added) await labelNode(name, label, null);
  });
}

/** The sample's Manager as the API server has it now. */
export const sampleManager = (sample: Manager): Promise<Manager> =>
  kubeGetJson<Manager>(
    kc,
    `${collectionPath(managerResource, sample.metadata.namespace ?? '')}/${sample.metadata.name ?? ''}`,
  );

/**
 * Issue 43's acceptance on a sample that is Ready: with Config's pods made not ready, the Manager's
 * Ready goes False naming Config (its status entry inactive), and comes back once they are ready.
 */
export async function expectSampleNamesConfigNotReady(sample: Manager): Promise<void> {
  const namespace = sample.metadata.namespace ?? '';
  const config = sample.spec.services?.config?.metadata.name ?? '';
  await expectManagerNamesNotReady(
    {
      manager: () => sampleManager(sample),
      setPodsReady: (type, name, ready) => setServicePodsReady(namespace, type, name, ready),
    },
    { type: 'config', name: config },
    {
      whileDown: (manager) => expect(manager?.status?.config).toMatchObject({ name: config, active: false }),
    },
  );
}
