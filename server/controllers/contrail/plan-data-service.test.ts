import type { V1StatefulSet } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { Zookeeper } from '../../types/crds/zookeeper';
import { ZOOKEEPER_CONFIG_DIR } from './data-service-config';
import { cassandraKind, rabbitmqKind, zookeeperKind } from './data-service-kinds';
import { planDataService } from './plan-data-service';

function statefulSetOf(
  kind: typeof zookeeperKind | typeof cassandraKind | typeof rabbitmqKind,
): V1StatefulSet {
  const object = {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Zookeeper',
    metadata: { name: 'zk', namespace: 'contrail', uid: 'u1' },
    spec: { serviceConfiguration: {} },
  } as Zookeeper;
  const plan = planDataService(
    kind,
    { object, pods: [], statefulSet: undefined, service: undefined, secret: undefined },
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
    expect(main?.command?.at(-1)).toContain(
      `cp /mydata/zoo.cfg.dynamic.\${POD_IP} ${ZOOKEEPER_CONFIG_DIR}/zoo.cfg.dynamic && exec zkServer.sh --config ${ZOOKEEPER_CONFIG_DIR} start-foreground`,
    );
  });

  it("has RabbitMQ make the Secret's user once it runs, under long names", () => {
    const command = statefulSetOf(rabbitmqKind).spec?.template.spec?.containers[0]?.command?.at(-1);
    expect(command).toContain('RABBITMQ_NODENAME=rabbit@${POD_IP} RABBITMQ_USE_LONGNAME=true');
    expect(command).toContain('rabbitmqctl add_user "$user" "$password"');
    expect(command).toContain('rabbitmqctl set_permissions -p "$vhost" "$user"');
  });

  it('gives the other kinds the ConfigMap alone', () => {
    expect(statefulSetOf(cassandraKind).spec?.template.spec?.volumes?.map((v) => v.name)).toEqual(['config']);
  });
});
