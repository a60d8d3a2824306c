// Data on volumes against the real API server: a claim per pod made by the StatefulSet controller from
// the planner's template, upstream's local folder as the pod's volume, and a storage change the API
// server would refuse said in the status instead of written on every pass.
import type { KubernetesObject, V1PersistentVolumeClaim, V1StatefulSet } from '@kubernetes/client-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contrailTestCluster, readyOf, TEST_LABEL } from '../../../tools/testenv/contrail-test-cluster';
import { eventually } from '../../../tools/testenv/eventually';
import { statefulSetResource, type ResourceDescriptor } from '../../kube/resource';
import { cassandraResource, zookeeperResource, type Zookeeper } from '../../types/crds';

const t = contrailTestCluster('ct-store');
const claimResource: ResourceDescriptor<V1PersistentVolumeClaim> = {
  group: '',
  version: 'v1',
  plural: 'persistentvolumeclaims',
  kind: 'PersistentVolumeClaim',
  namespaced: true,
};

beforeAll(async () => {
  await t.createNode('v0', { role: 'store' });
  await t.start();
}, 120_000);

afterAll(() => t.stop());

async function create(resource: ResourceDescriptor, kind: string, name: string, storage: object) {
  const object: KubernetesObject & { spec: object } = {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind,
    metadata: { name, namespace: t.namespace },
    spec: {
      commonConfiguration: {
        replicas: 1,
        nodeSelector: { [TEST_LABEL]: t.id, role: 'store' },
        tolerations: t.tolerations,
      },
      serviceConfiguration: { storage },
    },
  };
  await t.create(resource, object);
}

it('gives each Cassandra pod a claim of the asked size and class, mounted at its data folder', async () => {
  await create(cassandraResource, 'Cassandra', 'db', { size: '2Gi', storageClassName: 'rp-none' });
  const claim = await eventually(
    async () => {
      const found = await t.get<V1PersistentVolumeClaim>(claimResource, 'pvc-db-cassandra-statefulset-0');
      expect(found).toBeDefined();
      return found;
    },
    60_000,
    500,
  );
  expect(claim?.spec).toMatchObject({
    storageClassName: 'rp-none',
    resources: { requests: { storage: '2Gi' } },
  });
  const sts = await t.get<V1StatefulSet>(statefulSetResource, 'db-cassandra-statefulset');
  expect(sts?.spec?.template.spec?.containers[0]?.volumeMounts).toContainEqual(
    expect.objectContaining({ name: 'pvc', mountPath: '/var/lib/cassandra' }),
  );
}, 120_000);

it('keeps a ZooKeeper on its node folder when its storage turns into a claim, and says why', async () => {
  await create(zookeeperResource, 'Zookeeper', 'zk', { path: '/mnt/zookeeper' });
  await eventually(
    async () => {
      const zookeeper = await t.get<Zookeeper>(zookeeperResource, 'zk');
      expect(readyOf(zookeeper)).toMatchObject({ status: 'True' });
    },
    90_000,
    500,
  );
  const before = await t.get<V1StatefulSet>(statefulSetResource, 'zk-zookeeper-statefulset');
  expect(before?.spec?.template.spec?.volumes).toContainEqual(
    expect.objectContaining({
      name: 'data',
      hostPath: { path: '/mnt/zookeeper', type: 'DirectoryOrCreate' },
    }),
  );

  await t.merge(zookeeperResource, 'zk', {
    spec: { serviceConfiguration: { storage: { path: null, size: '1Gi' } } },
  });
  await eventually(
    async () => {
      const zookeeper = await t.get<Zookeeper>(zookeeperResource, 'zk');
      expect(zookeeper?.status?.active).toBe(true);
      expect(readyOf(zookeeper)).toMatchObject({
        status: 'False',
        reason: 'Incomplete',
        message: expect.stringMatching(
          /^statefulset zk-zookeeper-statefulset cannot change storage \(volumeClaimTemplates\): /,
        ) as unknown,
      });
    },
    60_000,
    500,
  );
  // The StatefulSet is left as it was: the planner passes it through by name, so no write is tried.
  const after = await t.get<V1StatefulSet>(statefulSetResource, 'zk-zookeeper-statefulset');
  expect(after?.metadata?.resourceVersion).toBe(before?.metadata?.resourceVersion);
}, 180_000);
