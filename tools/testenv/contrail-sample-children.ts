// Contrail children as users write them beyond upstream's samples, for the tests that render every
// planner's output (tools/testenv/contrail-sample-plans.ts).

/** A child object of a kind the Contrail planners take, as the API server would keep it. */
export interface Child {
  kind: string;
  metadata: { name: string; namespace: string; uid?: string };
  spec: Record<string, unknown>;
}

/**
 * A Vrouter group as a user would write it beyond the samples: DPDK on a named NIC with hugepages,
 * and agent settings of their own, one of them addressed to its section.
 */
export const REALISTIC_VROUTER: Child = {
  kind: 'Vrouter',
  metadata: { name: 'dpdk-x710', namespace: 'contrail', uid: 'uid-dpdk' },
  spec: {
    commonConfiguration: { nodeSelector: { nicType: 'x710' }, hostNetwork: true },
    serviceConfiguration: {
      controlInstance: 'control1',
      physicalInterface: 'ens1f0',
      gateway: '10.10.0.1',
      profiles: [
        {
          name: 'dpdk',
          dpdkConfiguration: {
            coreMask: '0xF',
            '2MBHugePages': 1024,
            cpuPinning: '2-5',
            moreConfig: { 'FLOWS.thread_count': '4' },
          },
        },
        { name: 'logs', otherConfig: { moreConfig: { log_level: 'SYS_INFO', log_local: '1' } } },
      ],
    },
  },
};

/**
 * Each component as a user would run it: a Config and a Control with three replicas, Keystone, ports
 * and AS of their own; a kube-manager with the cluster's own settings; a web UI with an admin Secret;
 * a provisioner with global vRouter settings.
 */
export const REALISTIC_COMPONENTS: Child[] = [
  {
    kind: 'Config',
    metadata: { name: 'config-ks', namespace: 'contrail', uid: 'uid-config-ks' },
    spec: {
      commonConfiguration: { replicas: 3 },
      serviceConfiguration: {
        cassandraInstance: 'cassandra1',
        zookeeperInstance: 'zookeeper1',
        authMode: 'keystone',
        logLevel: 'SYS_INFO',
        fabricMgmtIP: '10.10.0.5',
        analyticsDataTTL: 24,
      },
    },
  },
  {
    kind: 'Control',
    metadata: { name: 'control-as65001', namespace: 'contrail', uid: 'uid-control-as' },
    spec: {
      commonConfiguration: { replicas: 3 },
      serviceConfiguration: {
        cassandraInstance: 'cassandra1',
        asnNumber: 65001,
        bgpPort: 1179,
        dnsPort: 5353,
      },
    },
  },
  {
    kind: 'Kubemanager',
    metadata: { name: 'kubemanager-own', namespace: 'contrail', uid: 'uid-km' },
    spec: {
      commonConfiguration: { replicas: 1 },
      serviceConfiguration: {
        cassandraInstance: 'cassandra1',
        zookeeperInstance: 'zookeeper1',
        kubernetesAPIServer: '10.0.0.1',
        kubernetesAPISSLPort: 6443,
        kubernetesClusterName: 'edge-1',
        podSubnets: '10.48.0.0/12',
        serviceSubnets: '10.112.0.0/12',
        ipFabricSubnets: '10.80.0.0/12',
        ipFabricForwarding: true,
        envVariablesConfig: { KUBEMANAGER_EXTRA: 'yes' },
      },
    },
  },
  {
    kind: 'Webui',
    metadata: { name: 'webui-admin', namespace: 'contrail', uid: 'uid-webui' },
    spec: {
      commonConfiguration: { replicas: 3 },
      serviceConfiguration: { cassandraInstance: 'cassandra1', keystoneSecretName: 'keystone-admin' },
    },
  },
  {
    kind: 'ProvisionManager',
    metadata: { name: 'provisioner-vxlan', namespace: 'contrail', uid: 'uid-pm' },
    spec: {
      commonConfiguration: { replicas: 1 },
      serviceConfiguration: {
        globalVrouterConfiguration: {
          encapPriority: 'VXLAN,MPLSoUDP',
          vxlanNetworkIdentifierMode: 'configured',
          ecmpHashingIncludeFields: { hashingConfigured: true, sourceIp: true, destinationIp: true },
        },
      },
    },
  },
];

/**
 * Cassandra and ZooKeeper with their data on volumes, as a user would ask: a claim from a class and
 * upstream's local folder on the node.
 */
export const STORED_DATA: Child[] = (['Cassandra', 'Zookeeper'] as const).flatMap((kind) =>
  [
    ['claim', { size: '20Gi', storageClassName: 'fast-local' }],
    ['local', { path: `/mnt/${kind.toLowerCase()}`, size: '10Gi' }],
  ].map(([how, storage]) => ({
    kind,
    metadata: {
      name: `${kind.toLowerCase()}-${how as string}`,
      namespace: 'contrail',
      uid: `uid-${kind}-${how as string}`,
    },
    spec: { commonConfiguration: { replicas: 3 }, serviceConfiguration: { storage } },
  })),
);
