import type { V1Pod, V1Service, V1StatefulSet } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { Cassandra } from '../../types/crds/cassandra';
import { INCOMPLETE } from './component-kinds';
import { testCertificates } from './component-test-peers';
import { cassandraKind, rabbitmqKind, zookeeperKind } from './data-service-kinds';
import { dataVolume, fixedFieldChange, type StorageSpec } from './data-service-storage';
import { planDataService } from './plan-data-service';

const now = new Date('2026-12-01T10:00:00Z');
const labels = { contrail_manager: 'cassandra', cassandra: 'db' };

describe('dataVolume', () => {
  it.each<[string, StorageSpec | undefined, unknown]>([
    ['nothing asked: none', undefined, undefined],
    ['an empty storage: none', {}, undefined],
    [
      "a path alone: upstream's local folder on the node",
      { path: '/mnt/cassandra', size: '5Gi' },
      {
        name: 'data',
        volume: { name: 'data', hostPath: { path: '/mnt/cassandra', type: 'DirectoryOrCreate' } },
      },
    ],
    [
      "a size: a claim of it from the cluster's default class",
      { size: '20Gi' },
      { name: 'pvc', claim: { spec: { resources: { requests: { storage: '20Gi' } } } } },
    ],
    [
      'a class: a claim of the default size from it',
      { storageClassName: 'fast' },
      {
        name: 'pvc',
        claim: {
          metadata: { name: 'pvc', labels },
          spec: {
            accessModes: ['ReadWriteOnce'],
            storageClassName: 'fast',
            resources: { requests: { storage: '5Gi' } },
          },
        },
      },
    ],
  ])('%s', (_case, storage, expected) => {
    const volume = dataVolume(storage, '5Gi', labels);
    if (expected === undefined) expect(volume).toBeUndefined();
    else expect(volume).toMatchObject(expected as object);
  });

  it('names no class when none is given, so the default class provisions the claim', () => {
    expect(dataVolume({ size: '1Gi' }, '5Gi', labels)?.claim?.spec).not.toHaveProperty('storageClassName');
  });
});

function cassandra(storage?: StorageSpec): Cassandra {
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Cassandra',
    metadata: { name: 'db', namespace: 'contrail', uid: 'u1', generation: 1 },
    spec: { commonConfiguration: { replicas: 3 }, serviceConfiguration: storage ? { storage } : {} },
  };
}

const service: V1Service = { metadata: { name: 'db-cassandra-service' }, spec: { clusterIP: '10.96.0.9' } };
const readyPods: V1Pod[] = [0, 1, 2].map((ordinal) => ({
  metadata: { name: `db-cassandra-statefulset-${ordinal}` },
  status: { podIP: `10.1.0.${ordinal + 5}`, conditions: [{ type: 'Ready', status: 'True' }] },
}));

function plan(object: Cassandra, existing?: V1StatefulSet, pods = readyPods) {
  return planDataService(
    cassandraKind,
    {
      object,
      pods,
      statefulSet: existing,
      service,
      secret: { metadata: { name: 'db-secret' } },
      certificates: testCertificates,
    },
    now,
  );
}

function statefulSetIn(objects: { kind?: string }[]): V1StatefulSet {
  const found = objects.find((o) => o.kind === 'StatefulSet');
  if (!found) throw new Error('no StatefulSet');
  return found;
}

describe('a data service on a volume', () => {
  it('claims a volume per pod and mounts it where the image keeps its data', () => {
    const sts = statefulSetIn(plan(cassandra({ size: '20Gi', storageClassName: 'fast' })).objects);
    expect(sts.spec?.volumeClaimTemplates?.map((c) => c.metadata?.name)).toEqual(['pvc']);
    expect(sts.spec?.template.spec?.containers[0]?.volumeMounts).toContainEqual({
      name: 'pvc',
      mountPath: '/var/lib/cassandra',
    });
  });

  it("mounts upstream's local folder for ZooKeeper's dataDir", () => {
    const object = { ...cassandra(), kind: 'Zookeeper', metadata: { name: 'zk', namespace: 'c', uid: 'u' } };
    object.spec = { serviceConfiguration: { storage: { path: '/mnt/zookeeper' } } };
    const result = planDataService(
      zookeeperKind,
      {
        object: object as never,
        pods: [],
        statefulSet: undefined,
        service: undefined,
        secret: undefined,
        certificates: undefined,
      },
      now,
    );
    const pod = statefulSetIn(result.objects).spec?.template.spec;
    expect(pod?.volumes).toContainEqual({
      name: 'data',
      hostPath: { path: '/mnt/zookeeper', type: 'DirectoryOrCreate' },
    });
    expect(pod?.containers[0]?.volumeMounts).toContainEqual({ name: 'data', mountPath: '/data' });
  });

  it.each([
    ['Cassandra', cassandraKind, 'OrderedReady'],
    ['ZooKeeper', zookeeperKind, 'OrderedReady'],
    ['RabbitMQ', rabbitmqKind, 'Parallel'],
  ] as const)('starts and scales %s pods %s', (_name, kind, policy) => {
    expect(kind.podManagementPolicy).toBe(policy);
  });

  it('renders the pod management policy and leaves updates one pod at a time', () => {
    const sts = statefulSetIn(plan(cassandra()).objects);
    expect(sts.spec?.podManagementPolicy).toBe('OrderedReady');
    expect(sts.spec?.updateStrategy).toBeUndefined();
  });

  it('refuses a storage change the API server would refuse: keeps the StatefulSet, says so once active', () => {
    const existing = statefulSetIn(plan(cassandra()).objects);
    const wasReady = cassandra({ size: '20Gi' });
    wasReady.status = {
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          reason: 'Active',
          message: 'm',
          lastTransitionTime: '2026-12-01T09:00:00Z',
        },
      ],
    };
    const changed = plan(wasReady, existing);
    expect(statefulSetIn(changed.objects)).toEqual({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'db-cassandra-statefulset', namespace: 'contrail' },
    });
    expect(changed.status?.active).toBe(true);
    expect(changed.status?.conditions?.[0]).toMatchObject({
      status: 'False',
      reason: INCOMPLETE,
      message: expect.stringMatching(
        /^statefulset db-cassandra-statefulset cannot change storage \(volumeClaimTemplates\): /,
      ) as unknown,
    });
    expect(changed.events).toEqual([
      { type: 'Warning', reason: INCOMPLETE, note: changed.status?.conditions?.[0]?.message },
    ]);
  });

  it('says the refusal after what keeps it from being active', () => {
    const existing = statefulSetIn(plan(cassandra()).objects);
    const changed = plan(cassandra({ storageClassName: 'fast' }), existing, []);
    expect(changed.status?.conditions?.[0]).toMatchObject({
      reason: 'PodsNotReady',
      message: expect.stringMatching(/^0 of 3 pods ready; a quorum must be; statefulset /) as unknown,
    });
  });

  it('applies a change of what may change (the size of the same claim is not among it)', () => {
    const existing = statefulSetIn(plan(cassandra({ size: '20Gi' })).objects);
    expect(statefulSetIn(plan(cassandra({ size: '20Gi' }), existing).objects).spec).toBeDefined();
    expect(fixedFieldChange(statefulSetIn(plan(cassandra({ size: '30Gi' })).objects), existing)).toMatch(
      /cannot change storage/,
    );
  });

  it('names a pod management policy made by an older Rackpilot', () => {
    const existing = statefulSetIn(plan(cassandra()).objects);
    const older: V1StatefulSet = structuredClone(existing);
    if (older.spec) older.spec.podManagementPolicy = 'Parallel';
    expect(fixedFieldChange(statefulSetIn(plan(cassandra()).objects), older)).toMatch(
      /cannot change podManagementPolicy \(Parallel\): .*--cascade=orphan/,
    );
    expect(fixedFieldChange(existing, undefined)).toBeUndefined();
  });
});
