/** What the rest of the server may use of the Contrail controllers; everything else here is theirs. */
export { managerDeclaration } from './manager-controller';
export { cassandraDeclaration, rabbitmqDeclaration, zookeeperDeclaration } from './data-service-controller';
export { vrouterDeclaration } from './vrouter-controller';
export { CLUSTER_LABEL, VF_CAPACITY_LABEL } from './contrail-names';
export { matchesNodeSelector } from './node-selector';
export { requiredVfs } from './render-vrouter-agent';
