// A Manager that selects every node of a big cluster gives its Cassandra one hostAlias per node, as
// upstream does. The API server refused such a Cassandra at 37 nodes ("Too many: 37") while our CRD
// capped hostAliases at 32; the cap is now Kubernetes' largest supported cluster (docs/decisions.md).
// Each Cassandra here is what the planner renders, sent as a dry run: the API server validates it in
// full (schema and CEL) and stores nothing.
import type { KubernetesObject, V1Node } from '@kubernetes/client-node';
import { expect, it } from 'vitest';
import { kc } from '../../../tools/testenv/contrail-test-cluster';
import { KubeRequestError, kubeRequestJson } from '../../kube/kube-request';
import { collectionPath } from '../../kube/resource';
import { cassandraResource, type Cassandra } from '../../types/crds';
import type { Manager } from '../../types/crds/manager';
import { planManager } from './plan-manager';

const NAMESPACE = 'default';

/** Nodes with unique InternalIPs, as a cluster of that size has. */
const nodes = (count: number): V1Node[] =>
  Array.from({ length: count }, (_, i) => ({
    metadata: { name: `node-${i}` },
    status: {
      addresses: [
        {
          type: 'InternalIP',
          address: `10.${Math.floor(i / 62_500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`,
        },
      ],
    },
  }));

/** The Cassandra a Manager with no nodeSelector renders on that many nodes. */
function plannedCassandra(nodeCount: number): KubernetesObject {
  const manager: Manager = {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Manager',
    metadata: { name: 'big-cluster', namespace: NAMESPACE, uid: 'b1g', generation: 1 },
    spec: {
      commonConfiguration: { hostNetwork: true },
      services: { cassandras: [{ metadata: { name: 'cassandra1' }, spec: {} }] },
    },
  };
  const plan = planManager({ manager, nodes: nodes(nodeCount), child: () => undefined }, new Date());
  const cassandra = plan.objects.find((object) => object.kind === 'Cassandra');
  if (!cassandra) throw new Error('the plan has no Cassandra');
  return cassandra;
}

const createDryRun = (body: KubernetesObject) =>
  kubeRequestJson<Cassandra>(kc, collectionPath(cassandraResource, NAMESPACE), {
    method: 'POST',
    query: { dryRun: 'All' },
    body,
  });

it.each([37, 1000, 5000])(
  'accepts the Cassandra a Manager renders on %i nodes, one alias per node',
  async (count) => {
    const stored = await createDryRun(plannedCassandra(count));
    expect(stored.spec.commonConfiguration?.hostAliases).toHaveLength(count);
  },
  120_000,
);

it('refuses one more than the bound, naming the field', async () => {
  const refused = await createDryRun(plannedCassandra(5001)).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(KubeRequestError);
  expect(refused).toMatchObject({ status: 422 });
  expect((refused as KubeRequestError).serverMessage).toMatch(
    /hostAliases: Too many: 5001: must have at most 5000 items/,
  );
}, 120_000);
