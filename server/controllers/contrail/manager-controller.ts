import type { ClusterReads } from '../../kube/cluster-reads';
import type { ControllerContext } from '../../kube/controller-context';
import { objectKey } from '../../kube/informer';
import { nodeResource } from '../../kube/resource';
import { reconcileWith, type ReconcileSteps } from '../../kube/reconcile-steps';
import { managerResource, type Manager } from '../../types/crds/manager';
import { READY } from '../common/ready-condition';
import type { RackpilotController } from '../controller-services';
import { INCOMPLETE } from './component-kinds';
import {
  NODE_LABEL_INDEX,
  nodeIndexValues,
  nodesMatching,
  SELECTOR_INDEX,
  selectingObjects,
} from './node-lookups';
import { selectorIndexValues } from './node-selector';
import { MANAGED_RESOURCES, planManager, type ManagerObserved, type ManagerPlan } from './plan-manager';

const selectorOf = (manager: Manager) => manager.spec.commonConfiguration?.nodeSelector;

/**
 * The nodes the Manager selects and the state of the services it owns, from the controller's caches
 * or from a listing (the benchmark's floor).
 */
export function observeManager(reads: ClusterReads, manager: Manager): ManagerObserved {
  const namespace = manager.metadata.namespace ?? '';
  return {
    manager,
    nodes: nodesMatching(reads, selectorOf(manager)),
    child: (resource, name) => {
      const child = reads.of(resource).get(name, namespace);
      if (!child) return undefined;
      const ready = child.status?.conditions?.find((c) => c.type === READY);
      return {
        active: child.status?.active === true,
        ...(ready?.reason === INCOMPLETE ? { incomplete: ready.message ?? '' } : {}),
      };
    },
  };
}

function reconcileSteps(ctx: ControllerContext): ReconcileSteps<Manager, ManagerObserved, ManagerPlan> {
  return {
    resource: managerResource,
    observe: (manager) => observeManager(ctx.informers, manager),
    plan: (observed, { now }) => planManager(observed, now),
  };
}

export const managerDeclaration: RackpilotController<Manager> = {
  name: 'contrail-manager',
  switch: 'contrail',
  reconciles: managerResource,
  owns: MANAGED_RESOURCES,
  watches: [
    {
      // Only the Managers whose selector matches the node as it is or was; upstream enqueued every one.
      resource: nodeResource,
      map: (node, previous, caches) =>
        selectingObjects(caches, managerResource, selectorOf, [node, previous]).map(objectKey),
    },
  ],
  indexes: [
    { resource: nodeResource, name: NODE_LABEL_INDEX, values: nodeIndexValues },
    {
      resource: managerResource,
      name: SELECTOR_INDEX,
      values: (m) => selectorIndexValues(selectorOf(m as Manager)),
    },
  ],
  setup: (ctx) => ({ reconcile: reconcileWith(ctx, reconcileSteps(ctx)) }),
};
