/** What the rest of the server may use of the Contrail controllers; everything else here is theirs. */
export { managerDeclaration } from './manager-controller';
export {
  cassandraDeclaration,
  rabbitmqDeclaration,
  SERVICE_POD_INDEX,
  zookeeperDeclaration,
} from './data-service-controller';
export { vrouterDeclaration } from './vrouter-controller';
export {
  configDeclaration,
  controlDeclaration,
  kubemanagerDeclaration,
  provisionManagerDeclaration,
  webuiDeclaration,
} from './component-controller';
export {
  CLUSTER_LABEL,
  configMapName,
  daemonSetName,
  secretName,
  VF_CAPACITY_LABEL,
  type ComponentType,
  type DataServiceType,
} from './contrail-names';
export { nodesMatching, selectingObjects } from './node-lookups';
export { matchesNodeSelector, type NodeSelector } from './node-selector';
export { requiredVfs } from './render-vrouter-agent';
