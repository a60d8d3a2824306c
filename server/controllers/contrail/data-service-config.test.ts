import { describe, expect, it } from 'vitest';
import {
  CASSANDRA_PORTS,
  cassandraConfig,
  cassandraSeeds,
  rabbitmqConfig,
  RABBITMQ_PORTS,
  zookeeperConfig,
  ZOOKEEPER_CONFIG_DIR,
  ZOOKEEPER_PORTS,
} from './data-service-config';
import { servicePods } from './service-pods';
import type { V1Pod } from '@kubernetes/client-node';

function pod(name: string, ip: string | undefined, ready = true): V1Pod {
  return {
    metadata: { name },
    status: { podIP: ip, conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  };
}

const eleven = Array.from({ length: 11 }, (_, i) => pod(`zk-zookeeper-statefulset-${i}`, `10.0.0.${i + 10}`));

describe('servicePods', () => {
  it('takes the ordinal from the numeric suffix, so pod 10 is not pod 0', () => {
    expect(servicePods(eleven).map((p) => p.ordinal)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
  it('leaves out pods without an IP and pods being deleted', () => {
    const gone = pod('a-1', '10.0.0.2');
    gone.metadata = { name: 'a-1', deletionTimestamp: new Date() };
    expect(servicePods([pod('a-0', undefined), gone, pod('a-2', '10.0.0.3')]).map((p) => p.name)).toEqual([
      'a-2',
    ]);
  });
});

describe('zookeeperConfig', () => {
  it('gives 11 pods myids 1..11 without duplicates and a dynamic file listing all 11', () => {
    const data = zookeeperConfig(servicePods(eleven), ZOOKEEPER_PORTS);
    const ids = Object.keys(data)
      .filter((k) => k.startsWith('myid.'))
      .map((k) => Number(data[k]));
    expect(ids.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(data['myid.10.0.0.20']).toBe('11');
    expect(data['zoo.cfg.dynamic.10.0.0.20']).toContain(
      'server.11=10.0.0.20:2888:3888:participant;10.0.0.20:2181',
    );
  });
  it('reads its dynamic file from the writable copy the pod makes, not the read-only ConfigMap', () => {
    const zooCfg = zookeeperConfig(servicePods(eleven.slice(0, 3)), ZOOKEEPER_PORTS)['zoo.cfg'];
    expect(zooCfg).toContain(`dynamicConfigFile=${ZOOKEEPER_CONFIG_DIR}/zoo.cfg.dynamic\n`);
    // The readiness probe asks ruok; ZooKeeper answers only the words zoo.cfg allows.
    expect(zooCfg).toContain('4lw.commands.whitelist=srvr, ruok\n');
  });
  it('has no key for a pod IP that is gone', () => {
    const data = zookeeperConfig(servicePods(eleven.slice(0, 3)), ZOOKEEPER_PORTS);
    expect(Object.keys(data).filter((k) => k.startsWith('myid.'))).toEqual([
      'myid.10.0.0.10',
      'myid.10.0.0.11',
      'myid.10.0.0.12',
    ]);
  });
});

describe('cassandraConfig', () => {
  it('sets what Cassandra has no default for, since it reads the file alone', () => {
    const data = cassandraConfig(servicePods([pod('c-0', '10.0.0.1')]), 1, {
      clusterName: 'ContrailConfigDB',
      ports: CASSANDRA_PORTS,
      maxHeapSize: '512M',
      minHeapSize: '100M',
      startRPC: true,
    });
    expect(data['10.0.0.1.yaml']).toContain(
      'commitlog_sync: periodic\ncommitlog_sync_period_in_ms: 10000\n' +
        'partitioner: org.apache.cassandra.dht.Murmur3Partitioner\nendpoint_snitch: SimpleSnitch\n',
    );
  });
});

describe('cassandraSeeds', () => {
  const three = [pod('c-0', '10.0.0.1'), pod('c-1', '10.0.0.2'), pod('c-2', '10.0.0.3')];
  it('seeds a quorum of the ready pods, lowest ordinals first', () => {
    expect(cassandraSeeds(servicePods(three), 3)).toEqual(['10.0.0.1', '10.0.0.2']);
  });
  it('skips pods that are not ready', () => {
    const some = [pod('c-0', '10.0.0.1', false), pod('c-1', '10.0.0.2'), pod('c-2', '10.0.0.3')];
    expect(cassandraSeeds(servicePods(some), 3)).toEqual(['10.0.0.2', '10.0.0.3']);
  });
  it('seeds the first pod while none is ready', () => {
    const none = three.map((p) => pod(p.metadata?.name ?? '', p.status?.podIP, false));
    expect(cassandraSeeds(servicePods(none), 3)).toEqual(['10.0.0.1']);
  });
});

describe('rabbitmqConfig', () => {
  it('keys each pod by its full ordinal and lists every peer', () => {
    const data = rabbitmqConfig(servicePods(eleven), RABBITMQ_PORTS);
    expect(data['10']).toBe('10.0.0.20');
    expect(data['0']).toBe('10.0.0.10');
    expect(data['rabbitmq.nodes']?.trim().split('\n')).toHaveLength(11);
    expect(data['rabbitmq-10.0.0.20.conf']).toContain(
      'cluster_formation.classic_config.nodes.11 = rabbit@10.0.0.20',
    );
    expect(Object.keys(data).join(' ')).not.toContain('COOKIE');
  });
});
