import {
  cassandraDeclaration,
  configDeclaration,
  controlDeclaration,
  kubemanagerDeclaration,
  managerDeclaration,
  provisionManagerDeclaration,
  rabbitmqDeclaration,
  vrouterDeclaration,
  webuiDeclaration,
  zookeeperDeclaration,
} from '../../controllers/contrail';
import { declaredResources } from '../../kube/controller-declaration';
import type { Runtime } from '../../runtime';
import { managerResource } from '../../types/crds/manager';
import { vrouterResource } from '../../types/crds/vrouter';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';

/** What a Contrail page shows is read from the kinds its controllers read: a change in any re-renders it. */
const LIVE_RESOURCES = declaredResources(
  managerDeclaration,
  cassandraDeclaration,
  zookeeperDeclaration,
  rabbitmqDeclaration,
  configDeclaration,
  controlDeclaration,
  kubemanagerDeclaration,
  webuiDeclaration,
  provisionManagerDeclaration,
  vrouterDeclaration,
);

export const managers = (runtime: Runtime) => runtime.informers.of(managerResource);
export const vrouters = (runtime: Runtime) => runtime.informers.of(vrouterResource);

export function live<T>(runtime: Runtime, build: () => T, signal: AbortSignal | undefined) {
  return liveView(changesOf(runtime.informers, LIVE_RESOURCES), build, signal);
}
