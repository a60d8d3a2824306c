import { kubemanagerResource, type Kubemanager } from '../../types/crds/kubemanager';
import { everyPodReady, type ComponentKind } from './component-kinds';
import { CONFIG_MAPS_DIR } from './config-files';
import { kubemanagerFiles, kubemanagerRuntimeScript } from './kubemanager-files';
import { KUBEMANAGER_FINALIZER, KUBEMANAGER_RULES, renderKubemanagerClusterRole } from './kubemanager-rbac';

/** The pod's own scratch folder kube-manager's second file goes to: the token and credentials stay out of the ConfigMap. */
const RUNTIME_DIR = '/run/kubemanager';

/**
 * Kubemanager: upstream's kube-manager container, on Config's API and the Kubernetes API, as the
 * ServiceAccount the planner creates for it, bound to a ClusterRole to read what it maps. Upstream's image is a third party's
 * (michaelhenkel/contrail-kubernetes-kube-manager); the Manager sample names it in containers.
 */
export const kubemanagerKind: ComponentKind<Kubemanager> = {
  type: 'kubemanager',
  resource: kubemanagerResource,
  podFile: 'kubemanager.${POD_IP}',
  needs: ['cassandra', 'zookeeper', 'rabbitmq', 'config'],
  serviceAccount: true,
  clusterAccess: {
    rules: KUBEMANAGER_RULES,
    finalizer: KUBEMANAGER_FINALIZER,
    render: renderKubemanagerClusterRole,
  },
  containers: (kubemanager) => [
    {
      name: 'kubemanager',
      image: 'michaelhenkel/contrail-kubernetes-kube-manager:1910-latest',
      script: [
        kubemanagerRuntimeScript(kubemanager, `${RUNTIME_DIR}/kubemanager.conf`),
        `ln -sf ${CONFIG_MAPS_DIR}/vnc.\${POD_IP} /etc/contrail/vnc_api_lib.ini`,
        // kube-manager reads its -c files in order; the second one adds to the first.
        `exec /usr/bin/python /usr/bin/contrail-kube-manager -c ${CONFIG_MAPS_DIR}/kubemanager.\${POD_IP} -c ${RUNTIME_DIR}/kubemanager.conf`,
      ].join('; '),
      env: Object.entries(kubemanager.spec.serviceConfiguration.envVariablesConfig ?? {}).map(
        ([name, value]) => ({ name, value }),
      ),
      scratch: { kubemanagerruntime: RUNTIME_DIR },
    },
  ],
  // Upstream gives kube-manager no Service: it serves nothing but its introspect page.
  ports: () => ({}),
  config: (kubemanager, pods, endpoints) => kubemanagerFiles(kubemanager, pods, endpoints),
  active: everyPodReady,
};
