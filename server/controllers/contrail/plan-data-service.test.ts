import type { V1ConfigMap, V1Pod, V1Secret, V1Service, V1StatefulSet } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { Rabbitmq } from '../../types/crds/rabbitmq';
import type { Zookeeper } from '../../types/crds/zookeeper';
import type { Condition } from '../common/ready-condition';
import { serviceName } from './contrail-names';
import { ZOOKEEPER_CONFIG_DIR } from './data-service-config';
import { cassandraKind, rabbitmqKind, zookeeperKind } from './data-service-kinds';
import type { ComponentCertificates } from './component-certificates';
import { testCertificates } from './component-test-peers';
import { planDataService, type DataServiceObserved } from './plan-data-service';

const now = new Date('2026-12-01T10:00:00Z');

function rabbitmq(ready?: Condition['status']): Rabbitmq {
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Rabbitmq',
    metadata: { name: 'rmq', namespace: 'contrail', uid: 'u1', generation: 1 },
    spec: { commonConfiguration: { replicas: 1 }, serviceConfiguration: {} },
    ...(ready
      ? {
          status: {
            conditions: [
              {
                type: 'Ready',
                status: ready,
                reason: 'r',
                message: 'm',
                lastTransitionTime: '2026-12-01T09:00:00Z',
              },
            ],
          },
        }
      : {}),
  };
}

const service: V1Service = { metadata: { name: 'rmq-rabbitmq-service' }, spec: { clusterIP: '10.96.0.7' } };
const secret: V1Secret = { metadata: { name: 'rmq-secret', namespace: 'contrail' } };
const readyPod: V1Pod = {
  metadata: { name: 'rmq-rabbitmq-statefulset-0' },
  status: { podIP: '10.1.0.5', conditions: [{ type: 'Ready', status: 'True' }] },
};

function observed(object: Rabbitmq, change: Partial<DataServiceObserved> = {}): DataServiceObserved {
  return {
    object,
    pods: [readyPod],
    statefulSet: undefined,
    service,
    secret,
    certificates: testCertificates,
    ...change,
  };
}

describe('planDataService', () => {
  it('asks for the generated Secret first, keeping what exists and the status as they are until it is there', () => {
    const plan = planDataService(rabbitmqKind, observed(rabbitmq(), { secret: undefined }), now);
    expect(plan.createSecret?.metadata?.name).toBe('rmq-secret');
    expect(plan).toMatchObject({ pruneOwned: false, events: [] });
    expect(plan.status).toBeUndefined();
    expect(plan.objects.map((o) => o.kind)).toEqual(['ConfigMap', 'Secret', 'Service', 'StatefulSet']);
  });

  it.each<[string, Condition['status'] | undefined, Partial<DataServiceObserved>, unknown[]]>([
    ['becomes active', 'False', {}, [{ type: 'Normal', reason: 'Active', note: '1 of 1 pods ready' }]],
    ['stays active', 'True', {}, []],
    [
      'loses its pods',
      'True',
      { pods: [] },
      [{ type: 'Warning', reason: 'PodsNotReady', note: '0 of 1 pods ready; all must be' }],
    ],
    ['comes up', undefined, { pods: [] }, []],
  ])('%s: the events say so', (_name, before, change, events) => {
    const plan = planDataService(rabbitmqKind, observed(rabbitmq(before), change), now);
    expect(plan.createSecret).toBeUndefined();
    expect(plan.pruneOwned).toBeUndefined();
    expect(plan.objects.map((o) => o.kind)).toEqual([
      'ConfigMap',
      'Secret',
      'Service',
      'StatefulSet',
      'Secret',
    ]);
    expect(plan.events).toEqual(events);
  });
});

function statefulSetOf(
  kind: typeof zookeeperKind | typeof cassandraKind | typeof rabbitmqKind,
  certificates: ComponentCertificates = testCertificates,
): V1StatefulSet {
  const object = {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Zookeeper',
    metadata: { name: 'zk', namespace: 'contrail', uid: 'u1' },
    spec: { serviceConfiguration: {} },
  } as Zookeeper;
  const plan = planDataService(
    kind,
    {
      object,
      pods: [],
      statefulSet: undefined,
      service: undefined,
      secret: undefined,
      certificates: kind.tls ? certificates : undefined,
    },
    new Date('2026-12-01T00:00:00Z'),
  );
  const statefulSet = plan.objects.find((o): o is V1StatefulSet => o.kind === 'StatefulSet');
  if (!statefulSet) throw new Error('no StatefulSet');
  return statefulSet;
}

describe('planDataService StatefulSet', () => {
  it('gives ZooKeeper a writable folder for the config files it rewrites, and starts it from there', () => {
    const pod = statefulSetOf(zookeeperKind).spec?.template.spec;
    expect(pod?.volumes).toContainEqual({ name: 'scratch', emptyDir: {} });
    const main = pod?.containers[0];
    expect(main?.volumeMounts).toContainEqual({ name: 'scratch', mountPath: ZOOKEEPER_CONFIG_DIR });
    const command = main?.command?.at(-1);
    expect(command).toContain(
      `cp /mydata/zoo.cfg.dynamic.\${POD_IP} ${ZOOKEEPER_CONFIG_DIR}/zoo.cfg.dynamic`,
    );
    expect(command).toContain(`zkServer.sh --config ${ZOOKEEPER_CONFIG_DIR} start-foreground & server=$!`);
  });

  it('has a ZooKeeper server add itself as a voter within the live size, and remove itself above it', () => {
    const main = statefulSetOf(zookeeperKind).spec?.template.spec?.containers[0];
    const command = main?.command?.at(-1) ?? '';
    // The size from the live mount, compared with its own id (myid, ordinal + 1).
    expect(command).toContain('members=$(cat /mydata/members 2>/dev/null)');
    expect(command).toContain('if [ "$id" -le "${members:-$id}" ]; then want=voter; else want=gone; fi');
    // Its own line of its dynamic file, added through the servers that file names until the ensemble
    // holds it, and only then marked; above the size, removed, and unmarked once the ensemble is without it.
    expect(command).toContain('zkCli.sh -server "$servers" reconfig -add "$me"');
    expect(command).toContain(
      `elif [ $want = voter ] && grep -qxF "$me" <<<"$config"; then touch ${ZOOKEEPER_CONFIG_DIR}/voting-member`,
    );
    expect(command).toContain('zkCli.sh -server "$servers" reconfig -remove "$id"');
    expect(command.indexOf(`rm -f ${ZOOKEEPER_CONFIG_DIR}/voting-member; state=gone`)).toBeGreaterThan(
      command.indexOf('reconfig -remove'),
    );
  });

  it('has a Cassandra node decommission itself above the live size, and rejoin only when taken back', () => {
    const main = statefulSetOf(cassandraKind).spec?.template.spec?.containers[0];
    const command = main?.command?.at(-1) ?? '';
    expect(main?.env).toContainEqual({
      name: 'POD_NAME',
      valueFrom: { fieldRef: { fieldPath: 'metadata.name' } },
    });
    expect(command).toContain('ordinal=${POD_NAME##*-}');
    expect(command).toContain('members=$(cat /mydata/members 2>/dev/null)');
    // Streams its ranges away (marked leaving, so it stays ready meanwhile), then marks itself gone.
    expect(command).toContain(
      '{ touch /etc/keystore/leaving; nodetool -p 7200 decommission && touch /etc/keystore/decommissioned; }',
    );
    // Gone and taken back: restarted, and let back in (Cassandra refuses a decommissioned node otherwise).
    expect(command).toContain('elif [ -e /etc/keystore/decommissioned ]; then kill -TERM $server');
    expect(command).toContain('-Dcassandra.override_decommission=true');
  });

  it("has RabbitMQ make the Secret's user once it runs, under long names", () => {
    const command = statefulSetOf(rabbitmqKind).spec?.template.spec?.containers[0]?.command?.at(-1);
    expect(command).toContain('RABBITMQ_NODENAME=rabbit@${POD_IP} RABBITMQ_USE_LONGNAME=true');
    expect(command).toContain('rabbitmqctl add_user "$user" "$password"');
    expect(command).toContain('rabbitmqctl set_permissions -p "$vhost" "$user"');
  });

  it.each([
    [
      'Cassandra: this node Up and Normal in the ring, by JMX',
      cassandraKind,
      `[ ! -e /etc/keystore/decommissioned ] && nodetool -p 7200 status | awk -v ip="$POD_IP" -v leaving="$([ -e /etc/keystore/leaving ] && echo UL)" '($1 == "UN" || $1 == leaving) && $2 == ip { up = 1 } END { exit !up }'`,
    ],
    [
      'ZooKeeper: a voting member (its command’s mark), ruok answered imok on the client port',
      zookeeperKind,
      `[ -e ${ZOOKEEPER_CONFIG_DIR}/voting-member ] && exec 3<>/dev/tcp/$POD_IP/2181 && echo ruok >&3 && [ "$(head -c 4 <&3)" = imok ]`,
    ],
    [
      'RabbitMQ: every expected node running in its cluster',
      rabbitmqKind,
      `running=$(rabbitmqctl -n "rabbit@$POD_IP" --longnames -q eval 'rabbit_mnesia:cluster_nodes(running).') || exit 1; while read -r ip; do [ -z "$ip" ] || case "$running" in *"'rabbit@$ip'"*) ;; *) exit 1 ;; esac; done < /etc/rabbitmq-configmap/rabbitmq.nodes`,
    ],
  ] as const)('probes readiness of %s', (_case, kind, script) => {
    const probe = statefulSetOf(kind).spec?.template.spec?.containers[0]?.readinessProbe;
    expect(probe?.exec?.command).toEqual(['bash', '-c', script]);
    expect(probe).toMatchObject({ periodSeconds: 10, failureThreshold: 3 });
  });

  it.each([
    [
      'Cassandra drains unless it has left the ring',
      cassandraKind,
      '[ -e /etc/keystore/decommissioned ] || nodetool -p 7200 drain',
    ],
    [
      'RabbitMQ leaves its cluster',
      rabbitmqKind,
      'rabbitmqctl -n "rabbit@$POD_IP" --longnames stop_app && rabbitmqctl -n "rabbit@$POD_IP" --longnames reset',
    ],
    ['ZooKeeper stops as it is', zookeeperKind, undefined],
  ] as const)('before a pod stops, %s', (_case, kind, script) => {
    const hook = statefulSetOf(kind).spec?.template.spec?.containers[0]?.lifecycle?.preStop;
    expect(hook?.exec?.command).toEqual(script === undefined ? undefined : ['bash', '-c', script]);
  });

  it('gives Cassandra its ConfigMap, its certificate Secret and a folder for its key stores', () => {
    expect(statefulSetOf(cassandraKind).spec?.template.spec?.volumes?.map((v) => v.name)).toEqual([
      'config',
      'certificates',
      'ca-certificate',
      'scratch',
    ]);
  });

  it("rolls Cassandra's pods when certificates they run with are replaced: the template names the generation", () => {
    expect(statefulSetOf(cassandraKind).spec?.template.metadata?.annotations).toBeUndefined();
    expect(
      statefulSetOf(cassandraKind, { ...testCertificates, generation: 1 }).spec?.template.metadata
        ?.annotations,
    ).toEqual({ 'rackpilot.io/certificate-generation': '1' });
  });
});

/**
 * A data service of `replicas` whose StatefulSet has `running`, with pods 0..`present`-1 (the
 * StatefulSet's by default), those in `ready` ready and those in `deleting` being deleted.
 */
function scaling(kind: typeof zookeeperKind | typeof cassandraKind | typeof rabbitmqKind) {
  return (
    replicas: number,
    running: number | undefined,
    ready: number[],
    { present = running ?? 0, deleting = [] as number[] } = {},
  ) => {
    const object = {
      apiVersion: 'contrail.juniper.net/v1alpha1',
      kind: 'Zookeeper',
      metadata: { name: 'zk', namespace: 'contrail', uid: 'u1' },
      spec: { commonConfiguration: { replicas }, serviceConfiguration: {} },
    } as Zookeeper;
    const pods: V1Pod[] = Array.from({ length: present }, (_, n) => ({
      metadata: {
        name: `zk-zookeeper-statefulset-${n}`,
        ...(deleting.includes(n) ? { deletionTimestamp: now } : {}),
      },
      status: {
        podIP: `10.1.0.${n + 1}`,
        conditions: [{ type: 'Ready', status: ready.includes(n) ? 'True' : 'False' }],
      },
    }));
    const plan = planDataService(
      kind,
      {
        object,
        pods,
        statefulSet:
          running === undefined
            ? undefined
            : {
                spec: {
                  replicas: running,
                  serviceName: serviceName(kind.type, 'zk'),
                  podManagementPolicy: kind.podManagementPolicy,
                } as never,
              },
        service,
        secret: kind.secret ? secret : undefined,
        certificates: kind.tls ? testCertificates : undefined,
      },
      now,
    );
    const configMap = plan.objects.find((o): o is V1ConfigMap => o.kind === 'ConfigMap');
    const statefulSet = plan.objects.find((o): o is V1StatefulSet => o.kind === 'StatefulSet');
    return {
      members: configMap?.data?.members,
      statefulSet: statefulSet?.spec?.replicas,
      status: plan.status && { active: plan.status.active, readyReplicas: plan.status.readyReplicas },
    };
  };
}

describe('planDataService scale-down of ZooKeeper and Cassandra: one pod at a time, asked to leave first, deleted once not ready', () => {
  it.each<[string, number, number | undefined, number[], { present?: number; deleting?: number[] }, unknown]>(
    [
      [
        'a new ensemble: the size and the StatefulSet at once',
        3,
        undefined,
        [],
        {},
        { members: '3', statefulSet: 3 },
      ],
      [
        'steady',
        3,
        3,
        [0, 1, 2],
        {},
        { members: '3', statefulSet: 3, status: { active: true, readyReplicas: 3 } },
      ],
      [
        'scale-up: both at once, as before',
        5,
        3,
        [0, 1, 2],
        {},
        { members: '5', statefulSet: 5, status: { active: false, readyReplicas: 3 } },
      ],
      [
        '5 → 3, pod 4 still a voter: asked to leave (size 4), the StatefulSet held; the 3 staying are active',
        3,
        5,
        [0, 1, 2, 3, 4],
        {},
        { members: '4', statefulSet: 5, status: { active: true, readyReplicas: 3 } },
      ],
      [
        '5 → 3, pod 4 has left (not ready): lowered to 4',
        3,
        5,
        [0, 1, 2, 3],
        {},
        { members: '4', statefulSet: 4 },
      ],
      [
        '5 → 3, lowered to 4, pod 4 still being deleted: pod 3 not asked yet',
        3,
        4,
        [0, 1, 2, 3],
        { present: 5, deleting: [4] },
        { members: '4', statefulSet: 4 },
      ],
      [
        '5 → 3, pod 4 gone: pod 3 asked to leave (size 3)',
        3,
        4,
        [0, 1, 2, 3],
        {},
        { members: '3', statefulSet: 4 },
      ],
      [
        '5 → 3, pod 3 has left: lowered to 3',
        3,
        4,
        [0, 1, 2],
        {},
        { members: '3', statefulSet: 3, status: { active: true, readyReplicas: 3 } },
      ],
      ['5 → 1, pod 4 still a voter: held', 1, 5, [0, 1, 2, 3, 4], {}, { members: '4', statefulSet: 5 }],
      ['5 → 1, down to 2, pod 1 has left: lowered to 1', 1, 2, [0], {}, { members: '1', statefulSet: 1 }],
      [
        'back up to 5 during the phase: the size again, nothing held',
        5,
        4,
        [0, 1, 2],
        { present: 4 },
        { members: '5', statefulSet: 5, status: { active: false, readyReplicas: 3 } },
      ],
    ],
  )('%s', (_case, replicas, running, ready, pods, expected) => {
    expect(scaling(zookeeperKind)(replicas, running, ready, pods)).toMatchObject(expected as object);
  });

  it.each<[string, number, number, number[], { present?: number; deleting?: number[] }, unknown]>([
    [
      '5 → 3, pod 4 still in the ring (streaming or not yet told): asked, held; quorum of 5 still active',
      3,
      5,
      [0, 1, 2, 3, 4],
      {},
      { members: '4', statefulSet: 5, status: { active: true, readyReplicas: 3 } },
    ],
    [
      '5 → 3, pod 4 decommissioned (not ready): lowered to 4',
      3,
      5,
      [0, 1, 2, 3],
      {},
      { members: '4', statefulSet: 4 },
    ],
    ['5 → 3, pod 4 gone: pod 3 asked', 3, 4, [0, 1, 2, 3], {}, { members: '3', statefulSet: 4 }],
  ])('Cassandra the same way: %s', (_case, replicas, running, ready, pods, expected) => {
    expect(scaling(cassandraKind)(replicas, running, ready, pods)).toMatchObject(expected as object);
  });

  it('RabbitMQ: no size key, the StatefulSet lowered at once', () => {
    expect(scaling(rabbitmqKind)(3, 5, [0, 1, 2, 3, 4])).toMatchObject({
      members: undefined,
      statefulSet: 3,
    });
  });
});
