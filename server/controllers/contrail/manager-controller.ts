import type { ControllerContext } from '../../kube/controller-context';
import { objectKey } from '../../kube/informer';
import { nodeResource } from '../../kube/resource';
import { syncOwnedObjects } from '../../kube/sync-owned-objects';
import { cassandraResource } from '../../types/crds/cassandra';
import { managerResource, type Manager } from '../../types/crds/manager';
import { rabbitmqResource } from '../../types/crds/rabbitmq';
import { vrouterResource } from '../../types/crds/vrouter';
import { zookeeperResource } from '../../types/crds/zookeeper';
import { writeStatus } from '../../kube/write-status';
import type { RackpilotController } from '../controller-services';
import {
  NODE_LABEL_INDEX,
  nodeIndexValues,
  nodesMatching,
  SELECTOR_INDEX,
  selectingObjects,
} from './node-lookups';
import { selectorIndexValues } from './node-selector';
import { planManager } from './plan-manager';

const selectorOf = (manager: Manager) => manager.spec.commonConfiguration?.nodeSelector;

async function reconcileManager(ctx: ControllerContext, manager: Manager): Promise<undefined> {
  const namespace = manager.metadata.namespace ?? '';
  const plan = planManager(
    {
      manager,
      nodes: nodesMatching(ctx.informers, selectorOf(manager)),
      child: (resource, name) => {
        const child = ctx.informers.of(resource).get(name, namespace);
        return child ? { active: child.status?.active === true } : undefined;
      },
    },
    new Date(),
  );
  await syncOwnedObjects(ctx, manager, plan.children);
  await writeStatus(ctx, managerResource, manager, plan.status);
  return undefined;
}

export const managerDeclaration: RackpilotController<Manager> = {
  name: 'contrail-manager',
  switch: 'contrail',
  reconciles: managerResource,
  owns: [cassandraResource, zookeeperResource, rabbitmqResource, vrouterResource],
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
  setup: (ctx) => ({ reconcile: (manager) => reconcileManager(ctx, manager) }),
};
