import type { V1Pod, V1Secret, V1Service, V1StatefulSet } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { Rabbitmq } from '../../types/crds/rabbitmq';
import type { Zookeeper } from '../../types/crds/zookeeper';
import type { Condition } from '../common/ready-condition';
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

  it('has a joining ZooKeeper server add itself as a voter before it marks itself one', () => {
    const main = statefulSetOf(zookeeperKind).spec?.template.spec?.containers[0];
    const command = main?.command?.at(-1) ?? '';
    // Its own line of its dynamic file, added through the servers that file names until the ensemble holds it.
    expect(command).toContain('zkCli.sh -server "$servers" reconfig -add "$me"');
    expect(command).toContain('until zkCli.sh -server "$servers" config 2>/dev/null | grep -qxF "$me"; do');
    expect(command.indexOf(`touch ${ZOOKEEPER_CONFIG_DIR}/voting-member`)).toBeGreaterThan(
      command.indexOf('reconfig -add'),
    );
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
      `nodetool -p 7200 status | awk -v ip="$POD_IP" '$1 == "UN" && $2 == ip { up = 1 } END { exit !up }'`,
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
    ['Cassandra drains', cassandraKind, 'nodetool -p 7200 drain'],
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
