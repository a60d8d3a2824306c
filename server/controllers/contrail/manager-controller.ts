import type { V1Secret } from '@kubernetes/client-node';
import type { ClusterReads } from '../../kube/cluster-reads';
import type { ControllerContext } from '../../kube/controller-context';
import { createSecretOnce } from '../../kube/create-secret-once';
import { objectKey } from '../../kube/informer';
import { nodeResource, secretResource } from '../../kube/resource';
import { reconcileWith, type ReconcileSteps } from '../../kube/reconcile-steps';
import { managerResource, type Manager } from '../../types/crds/manager';
import { READY } from '../common/ready-condition';
import type { RackpilotController } from '../controller-services';
import { adminPasswordSecretName, plannedAdminPassword } from './admin-password';
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
      const given = child.status?.membersRendered;
      return {
        active: child.status?.active === true,
        ...(ready?.reason === INCOMPLETE ? { incomplete: ready.message ?? '' } : {}),
        nodes: Object.keys(child.status?.nodes ?? {}),
        ...(given ? { membersRendered: given } : {}),
      };
    },
  };
}

/** Also whether a Secret of the admin-password name exists: any Secret, the user's too. */
type Observed = ManagerObserved & { adminPasswordExists: boolean };
/** The admin-password Secret to create first, when none of its name exists. */
type Plan = ManagerPlan & { createSecret?: V1Secret };

function reconcileSteps(ctx: ControllerContext): ReconcileSteps<Manager, Observed, Plan> {
  return {
    resource: managerResource,
    observe: (manager) => ({
      ...observeManager(ctx.informers, manager),
      adminPasswordExists: Boolean(
        ctx.informers.of(secretResource).get(adminPasswordSecretName(manager), manager.metadata.namespace),
      ),
    }),
    plan: (observed, { now }) => {
      const createSecret = plannedAdminPassword(observed.manager, observed.adminPasswordExists);
      return { ...planManager(observed, now), ...(createSecret ? { createSecret } : {}) };
    },
    // Before the children are applied, so Config's pods never start with a Secret that is not there yet.
    act: async (plan) => {
      if (plan.createSecret) await createSecretOnce(ctx, plan.createSecret);
      return undefined;
    },
  };
}

export const managerDeclaration: RackpilotController<Manager> = {
  name: 'contrail-manager',
  switch: 'contrail',
  reconciles: managerResource,
  owns: MANAGED_RESOURCES,
  // Not owned: an existing Secret of the name is used as it is, never pruned or rewritten.
  reads: [secretResource],
  alsoCalls: [{ resource: secretResource, verbs: ['create'] }],
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
