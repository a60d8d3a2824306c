// npx tsx scripts/bench/contrail-plan-cpu.ts [-- --nodes 1000 --groups 32 --passes 400]
// The CPU time of one call of each Contrail planner the whole Manager's planning p99 is made of, on
// bench:contrail's manager shape (the nodes in vRouter groups naming the sample's Control, three
// masters), with no cluster: the figure that stays put on a busy machine, where the bench's wall
// times do not. Inputs are the planners' unit-test fixtures grown to that size. A script, not a
// test: it asserts nothing.
import { parseArgs } from 'node:util';
import type { V1Pod } from '@kubernetes/client-node';
import {
  componentMeta,
  observe,
  testControl,
  testMembers,
  testPeers,
  testPod,
} from '../../server/controllers/contrail/component-test-peers';
import { planComponent } from '../../server/controllers/contrail/plan-component';
import { planManager } from '../../server/controllers/contrail/plan-manager';
import { planVrouter } from '../../server/controllers/contrail/plan-vrouter';
import { provisionManagerKind } from '../../server/controllers/contrail/provision-manager-kind';
import { observed as vrouterObserved, vrouter } from '../../server/controllers/contrail/vrouter-test-inputs';
import { webuiKind } from '../../server/controllers/contrail/webui-kind';
import type { Vrouter } from '../../server/types/crds/vrouter';
import { quantile } from './bench-statistics';
import { groupName } from './contrail-bench-objects';
import { benchManager, managerBenchNodes, MASTERS } from './contrail-manager-objects';

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '1000' },
    groups: { type: 'string', default: '32' },
    passes: { type: 'string', default: '400' },
  },
});
const nodeCount = Number(values.nodes);
const groupCount = Number(values.groups);
const passes = Number(values.passes);
if (!nodeCount || !groupCount || !passes) throw new Error('--nodes, --groups and --passes: numbers above 0');

const nodes = managerBenchNodes(nodeCount, groupCount);
const masters = nodes.slice(0, MASTERS);
const workers = nodes.slice(MASTERS);
const ipOf = (index: number) => workers[index]?.status?.addresses?.[0]?.address ?? '';
const podName = (index: number) => `vrouter-agent-${index}`;
const perGroup = Math.ceil(nodeCount / groupCount);
const indexesOf = (group: number) =>
  Array.from({ length: perGroup }, (_, i) => group * perGroup + i).filter((i) => i < nodeCount);

// Each group as the sample's vrouternodes entry makes it, active with one agent per node.
const groups: Vrouter[] = Array.from({ length: groupCount }, (_, g) => {
  const group = vrouter([]);
  Object.assign(group.metadata, { name: groupName(g), uid: `u${g}`, labels: testControl.metadata.labels });
  group.spec.serviceConfiguration.controlInstance = testControl.metadata.name;
  group.status = { active: true, nodes: Object.fromEntries(indexesOf(g).map((i) => [podName(i), ipOf(i)])) };
  return group;
});
const members = {
  ...testMembers,
  vrouters: groups,
  hostnames: {
    ...testMembers.hostnames,
    ...Object.fromEntries(workers.map((node, i) => [podName(i), node.metadata?.name ?? ''])),
  },
};

function cpuMs(plan: () => unknown): number[] {
  return Array.from({ length: passes }, () => {
    const before = process.cpuUsage();
    plan();
    const { user, system } = process.cpuUsage(before);
    return (user + system) / 1000;
  });
}

const componentPods = (owner: string) => [0, 1, 2].map((i) => testPod(owner, i, true));
const group = groups[0] as Vrouter;
const agentPods: V1Pod[] = indexesOf(0).map((i) => ({
  metadata: { name: podName(i) },
  status: { podIP: ipOf(i) },
}));
const certificates = {
  data: Object.fromEntries(agentPods.map((p) => [`server-${p.status?.podIP ?? ''}.crt`, 'x'.repeat(1800)])),
  issued: 0,
};
const manager = benchManager(groupCount);
const planners: Record<string, () => unknown> = {
  'ProvisionManager (every vRouter node listed)': () =>
    planComponent(
      provisionManagerKind,
      observe(
        {
          apiVersion: 'contrail.juniper.net/v1alpha1',
          kind: 'ProvisionManager',
          metadata: componentMeta('provmanager1', 'p1'),
          spec: { commonConfiguration: { replicas: 3 }, serviceConfiguration: {} },
        },
        componentPods('provmanager1-provisionmanager'),
        { members },
      ),
      new Date(),
    ),
  'Webui (the Controls as DNS servers)': () =>
    planComponent(
      webuiKind,
      observe(
        {
          apiVersion: 'contrail.juniper.net/v1alpha1',
          kind: 'Webui',
          metadata: componentMeta('webui1', 'w1'),
          spec: { commonConfiguration: { replicas: 3 }, serviceConfiguration: {} },
        },
        componentPods('webui1-webui'),
        { members },
      ),
      new Date(),
    ),
  [`vRouter group (${agentPods.length} agents, TLS)`]: () =>
    planVrouter(
      {
        ...vrouterObserved(group, workers.slice(0, agentPods.length)),
        pods: agentPods,
        groups,
        peers: { control: testControl, config: testPeers.config },
        certificates,
      },
      new Date(),
    ),
  'Manager (every child active)': () =>
    planManager({ manager, nodes: masters, child: () => ({ active: true }) }, new Date()),
};

console.log(`${nodeCount} nodes in ${groupCount} groups; ${passes} passes of each planner; CPU ms per pass`);
console.log('| planner | first 3 | p50 | p99 | max |');
console.log('|---|---|---|---|---|');
for (const [name, plan] of Object.entries(planners)) {
  const times = cpuMs(plan);
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => quantile(sorted, q).toFixed(2);
  console.log(
    `| ${name} | ${times
      .slice(0, 3)
      .map((t) => t.toFixed(1))
      .join(', ')} | ${at(0.5)} | ${at(0.99)} | ${at(1)} |`,
  );
}
