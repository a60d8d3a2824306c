import type { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../../server/kube/kube-request';
import type { Manager } from '../../server/types/crds/manager';
import { LAB_FIELD_MANAGER } from './seed-lab';

const MANAGER_NAME = 'lab-contrail';

/** Every lab data service runs one pod on the control-plane node. */
const onControlPlane = (name: string) => ({
  metadata: { name },
  spec: {
    commonConfiguration: { replicas: 1, nodeSelector: { 'node-role.kubernetes.io/control-plane': '' } },
    serviceConfiguration: {},
  },
});

const group = (name: string, selector: Record<string, string>, gateway: string, profiles: string[]) => ({
  metadata: { name, kind: 'ContrailVrouter' as const },
  spec: {
    activate: true,
    upgradeStrategy: 'rolling' as const,
    nodeSelector: { 'node-role.kubernetes.io/infra': '', ...selector },
    tolerations: [{ effect: 'NoSchedule' as const, operator: 'Exists' as const }],
    configuration: { vRouterGateway: gateway, profiles },
  },
});

/**
 * The lab's Contrail cluster: Cassandra, ZooKeeper and RabbitMQ, and the design's three vRouter
 * groups (reference-operators.md §5.9, corrected) on the simulated nodes labelled for them
 * (tools/controlplane/kwok-nodes.ts), one node each, so none overlaps.
 */
export function labContrailManager(namespace: string): Manager {
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Manager',
    metadata: { name: MANAGER_NAME, namespace },
    spec: {
      services: {
        cassandras: [onControlPlane('cassandra1')],
        zookeepers: [onControlPlane('zookeeper1')],
        rabbitmq: onControlPlane('rabbitmq1'),
        vrouterProfileTemplates: [
          {
            metadata: { name: 'dpdk-profile1' },
            spec: { dpdkConfiguration: { coreMask: '0xF', '2MBHugePages': 1024, '1GBHugePages': 10 } },
          },
          {
            metadata: { name: 'sriov-profile1' },
            spec: { sriovConfiguration: { numberOfVfs: 7, virtualFunctionMappings: ['vf1', 'vf2'] } },
          },
          { metadata: { name: 'kernelmode-profile1' }, spec: { kernelModeConfiguration: {} } },
          {
            metadata: { name: 'other-profile1' },
            spec: { otherConfig: { moreConfig: { log_level: 'SYS_NOTICE' } } },
          },
        ],
        vrouterTemplates: [
          group('vrouter-dpdk-group1', { nicType: 'x710' }, '1.1.1.1', ['dpdk-profile1', 'other-profile1']),
          group('vrouter-sriov-group1', { nodeType: 'sriov' }, '1.1.1.2', [
            'sriov-profile1',
            'other-profile1',
          ]),
          group('vrouter-kernelmode-group1', { nodeType: 'kernel' }, '1.1.1.3', [
            'kernelmode-profile1',
            'other-profile1',
          ]),
        ],
      },
    },
  };
}

/** Applies the lab Manager (server-side apply, so edits made in the console to other fields stay). */
export async function seedContrail(kc: KubeConfig, namespace: string): Promise<void> {
  await kubeRequestJson(
    kc,
    `/apis/contrail.juniper.net/v1alpha1/namespaces/${namespace}/managers/${MANAGER_NAME}`,
    {
      method: 'PATCH',
      query: { fieldManager: LAB_FIELD_MANAGER, force: true },
      body: labContrailManager(namespace),
      contentType: 'application/apply-patch+yaml',
    },
  );
}
