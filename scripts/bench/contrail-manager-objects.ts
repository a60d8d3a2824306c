// What bench:contrail's manager scope creates: upstream's 3-node Manager sample (the shape the
// manager-sample-*.int tests apply) in the bench's namespace, its vRouter entries replaced by the bench's
// groups, each naming the sample's Control; three master nodes for its control plane and the groups'
// nodes, every node with an InternalIP (the sample runs on the host network).
import { readFileSync } from 'node:fs';
import type { V1Node } from '@kubernetes/client-node';
import { parseAllDocuments } from 'yaml';
import type { Manager, ManagerService } from '../../server/types/crds/manager';
import { nodeManifest } from '../../tools/controlplane/kwok-nodes';
import { benchNode, GROUP_LABEL, groupName, NAMESPACE } from './contrail-bench-objects';

/** The label upstream's samples select their control plane's nodes by. */
export const MASTER_LABEL = 'node-role.kubernetes.io/master';
/** Three masters, as the sample's replicas: one pod of each data service and component on each. */
export const MASTERS = 3;

function sample(): Manager {
  const file = new URL('../../tests/fixtures/contrail/2-start-operator-3node.yaml', import.meta.url);
  const [manager] = parseAllDocuments(readFileSync(file, 'utf8')).map((doc) => doc.toJS() as Manager);
  if (!manager) throw new Error(`no Manager in ${file.pathname}`);
  return manager;
}

/** An InternalIP per node index, unique up to 62,500 nodes. */
const address = (index: number) =>
  `10.${128 + Math.floor(index / 62_500)}.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`;

/** The masters and then the groups' nodes (benchNode's, consecutive per group), each with its address. */
export function managerBenchNodes(nodes: number, groups: number): V1Node[] {
  const masters = Array.from({ length: MASTERS }, (_, i) =>
    nodeManifest({
      name: `bench-m${i}`,
      rack: `rack-m${i}`,
      role: 'worker',
      contrail: { [MASTER_LABEL]: '' },
      address: address(i),
    }),
  );
  const workers = Array.from({ length: nodes }, (_, i) => {
    const node = benchNode(i, nodes, groups);
    node.status = Object.assign({}, node.status, {
      addresses: [{ type: 'InternalIP', address: address(MASTERS + i) }],
    });
    return node;
  });
  return [...masters, ...workers];
}

/**
 * The sample's Manager in the bench's namespace, every service as the sample has it but the vRouter
 * groups: `groups` entries shaped as the sample's `vrouternodes` (its containers, Cassandra and
 * Control), each selecting its own nodes by the bench's group label. The Manager itself selects the
 * masters, as an operator of a big cluster would: the sample selects no node, so every node would run
 * the data services and the components (replicas from the node count) and be one of Cassandra's hostAliases.
 */
export function benchManager(groups: number): Manager {
  const manager = sample();
  const services = manager.spec.services ?? {};
  const template = services.vrouters?.find((entry) => entry.metadata.name === 'vrouternodes');
  const given = template?.spec?.serviceConfiguration as { controlInstance?: string } | undefined;
  if (!template || !given?.controlInstance)
    throw new Error('the sample has no vrouternodes entry naming a Control');
  const vrouters = Array.from({ length: groups }, (_, i): ManagerService => ({
    metadata: { ...template.metadata, name: groupName(i) },
    spec: {
      ...template.spec,
      commonConfiguration: { nodeSelector: { [GROUP_LABEL]: groupName(i) } },
    },
  }));
  return {
    ...manager,
    // Object.assign, not spread: the metadata type is a client-node class (plain data in practice).
    metadata: Object.assign({}, manager.metadata, { namespace: NAMESPACE }),
    spec: {
      ...manager.spec,
      commonConfiguration: { ...manager.spec.commonConfiguration, nodeSelector: { [MASTER_LABEL]: '' } },
      services: { ...services, vrouters },
    },
  };
}
