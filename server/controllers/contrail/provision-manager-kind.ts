import { provisionManagerResource, type ProvisionManager } from '../../types/crds/provision-manager';
import { everyPodReady, type ComponentKind } from './component-kinds';
import { CONFIG_MAPS_DIR } from './config-files';
import {
  GLOBAL_VROUTER_FILE,
  MANAGED_BY_FILE,
  NODE_FILES,
  provisionedMembers,
  provisionManagerFiles,
} from './provision-manager-files';

/** The provisioner's command line: each file by its flag, watching them for changes (upstream's mode). */
const PROVISIONER = [
  'exec /app/contrail-provisioner/contrail-provisioner-image.binary',
  ...Object.entries(NODE_FILES).map(([flag, file]) => `-${flag} ${CONFIG_MAPS_DIR}/${file}`),
  `-apiserver ${CONFIG_MAPS_DIR}/apiserver-\${POD_IP}.yaml`,
  `-globalVrouterConf ${CONFIG_MAPS_DIR}/${GLOBAL_VROUTER_FILE}`,
  `-requiredAnnotations ${CONFIG_MAPS_DIR}/${MANAGED_BY_FILE}`,
  '-mode watch',
].join(' ');

/**
 * ProvisionManager: upstream's provisioner container, which registers the cluster's Config,
 * analytics, Control, vRouter and database nodes with Config's API and keeps them in step with the
 * files it watches. It serves nothing, so it has no Service (as upstream).
 */
export const provisionManagerKind: ComponentKind<ProvisionManager> = {
  type: 'provisionmanager',
  resource: provisionManagerResource,
  podFile: 'apiserver-${POD_IP}.yaml',
  needs: ['config'],
  readsCluster: true,
  containers: () => [
    {
      name: 'provisioner',
      image: 'kaweue/contrail-operator-provisioner:master.1175',
      script: PROVISIONER,
      env: [{ name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
    },
  ],
  ports: () => ({}),
  config: (provisionManager, pods, endpoints, members) =>
    provisionManagerFiles(provisionManager, pods, endpoints, members),
  membersRendered: provisionedMembers,
  active: everyPodReady,
};
