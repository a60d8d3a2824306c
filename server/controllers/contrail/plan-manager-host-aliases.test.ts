// The hostAliases a Manager gives its Cassandra and its Config: one per node it selects, as upstream does,
// however many, unless their merged settings name some.
import type { V1Node } from '@kubernetes/client-node';
import { expect, it } from 'vitest';
import type { Manager } from '../../types/crds/manager';
import { planManager } from './plan-manager';

/** The part of a planned Cassandra or Config these tests read. */
interface AliasedChild {
  spec: { commonConfiguration: { hostAliases?: { ip?: string; hostnames?: string[] }[] } };
}

/** A node named n<i>, with an InternalIP unless given ''. */
const node = (i: number, ip = `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`): V1Node => ({
  metadata: { name: `n${i}` },
  status: { addresses: ip ? [{ type: 'InternalIP', address: ip }] : [] },
});
const nodes = (count: number) => Array.from({ length: count }, (_, i) => node(i));

/**
 * A Manager with no nodeSelector (every node is its), these settings of its own, one Cassandra and a
 * Config with `common` as their pod settings, and one Control, which gets no aliases.
 */
const manager = (common: Record<string, unknown>, managerCommon: Record<string, unknown> = {}): Manager => {
  const entry = (name: string) => ({ metadata: { name }, spec: { commonConfiguration: common } });
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Manager',
    metadata: { name: 'cluster1', namespace: 'ns', uid: 'm1', generation: 1 },
    spec: {
      commonConfiguration: { hostNetwork: true, ...managerCommon },
      services: {
        cassandras: [entry('cassandra1')],
        config: entry('config1'),
        controls: [entry('control1')],
      },
    },
  };
};

function aliasesOf(kind: string, given: V1Node[], common: Record<string, unknown> = {}, managerCommon = {}) {
  const plan = planManager(
    { manager: manager(common, managerCommon), nodes: given, child: () => ({ active: true }) },
    new Date(),
  );
  const child = plan.objects.find((c) => c.kind === kind) as unknown as AliasedChild;
  return child.spec.commonConfiguration.hostAliases;
}

const KINDS = ['Cassandra', 'Config'];

// 37 nodes is where the API server refused the Cassandra under the CRD's old cap of 32.
it.each([
  ['3 nodes', 3, nodes(3)],
  ['37 nodes', 37, nodes(37)],
  ['1,000 nodes', 1000, nodes(1000)],
  ['a node without an InternalIP left out', 2, [node(0), node(1, ''), node(2)]],
])(
  "%s: %i aliases, one per node with an InternalIP, its InternalIP and hostname, in the nodes' order",
  (_case, count, given) => {
    for (const kind of KINDS) {
      const aliases = aliasesOf(kind, given);
      expect(aliases, kind).toHaveLength(count);
      expect(aliases, kind).toEqual(
        given
          .filter((n) => n.status?.addresses?.length)
          .map((n) => ({ ip: n.status?.addresses?.[0]?.address, hostnames: [n.metadata?.name] })),
      );
    }
  },
);

const own = [{ ip: '192.0.2.1', hostnames: ['db'] }];

it.each([
  ['no node has an InternalIP: none', [node(0, '')], {}, {}, undefined],
  ['the entry sets its own: those, not the nodes', nodes(40), { hostAliases: own }, {}, own],
  ["the Manager's own settings name some: those, not the nodes", nodes(40), {}, { hostAliases: own }, own],
  [
    'an empty list names none: the nodes',
    nodes(2),
    { hostAliases: [] },
    {},
    aliasesOf('Cassandra', nodes(2)),
  ],
])('%s', (_case, given, common, managerCommon, expected) => {
  for (const kind of KINDS) expect(aliasesOf(kind, given, common, managerCommon), kind).toEqual(expected);
});

it('a Control gets no node aliases (upstream gives them to Cassandra and Config only)', () => {
  expect(aliasesOf('Control', nodes(3))).toBeUndefined();
});
