/** What the rest of the server may use of the PlunderCluster controller. */
export { plunderClusterDeclaration } from './plunder-cluster-controller';
