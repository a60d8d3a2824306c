import { plunderClusterDeclaration } from '../../controllers/plunder-cluster';
import { plunderMachineDeclaration } from '../../controllers/plunder-machine';
import { declaredResources } from '../../kube/controller-declaration';
import type { Runtime } from '../../runtime';
import { plunderClusterResource, plunderMachineResource } from '../../types/crds';
import { changesOf, eventsOf } from '../change-subscription';
import { machinesOfCluster } from './plunder-cluster-row';

/** A Plunder cluster's pages read the kinds its controllers read, and the hardware states of its machines. */
const LIVE_RESOURCES = declaredResources(plunderClusterDeclaration, plunderMachineDeclaration);

export function subscribePlunderClusters(runtime: Runtime) {
  return changesOf(runtime.informers, LIVE_RESOURCES, eventsOf(runtime.boot.store, 'state'));
}

export function plunderClusters(runtime: Runtime) {
  return runtime.informers.of(plunderClusterResource);
}

/** The PlunderMachines of one cluster (its cluster-name label, in its namespace). */
export function clusterMachines(runtime: Runtime, namespace: string, name: string) {
  return machinesOfCluster(runtime.informers.of(plunderMachineResource).list(), namespace, name);
}

/** The hardware state of the MAC a machine holds: only while the boot service's claim is this machine's. */
export function hardwareStateOf(runtime: Runtime) {
  return (mac: string, uid: string) => {
    const record = runtime.boot.store.get(mac);
    return record?.claim?.uid === uid ? record.state : undefined;
  };
}
