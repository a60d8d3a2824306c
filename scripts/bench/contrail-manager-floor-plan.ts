// The pure half of bench:contrail's floor for the whole Manager (scope `manager`): which children the
// Manager creates and in what order, decided by the Manager's own planner and its dependency table
// (plan-manager.ts), so the floor and the controller cannot drift apart. Unit-tested
// (contrail-manager-floor-plan.test.ts).
import type { KubernetesObject, V1Node } from '@kubernetes/client-node';
import { matchesNodeSelector } from '../../server/controllers/contrail';
import { creationStages, planManager } from '../../server/controllers/contrail/plan-manager';
import type { Manager } from '../../server/types/crds/manager';

/**
 * The Manager's children (Cassandra, ZooKeeper, RabbitMQ, Config, Control, Kubemanager, Webui,
 * ProvisionManager, Vrouter CRs) as its planner renders them once every child it waits for is active,
 * in upstream's creation stages: a stage is applied only when every child of the stages before it is
 * active, as the controller must wait. `nodes` are every node; the Manager's selector picks its own.
 */
export function managerFloorStages(manager: Manager, nodes: V1Node[], now: Date): KubernetesObject[][] {
  const selector = manager.spec.commonConfiguration?.nodeSelector;
  const own = nodes.filter((node) => matchesNodeSelector(selector, node.metadata?.labels));
  const { objects } = planManager({ manager, nodes: own, child: () => ({ active: true }) }, now);
  return creationStages().map((kinds) => objects.filter((object) => kinds.includes(object.kind ?? '')));
}
