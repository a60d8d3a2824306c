// The hostAliases a Manager gives its Cassandra: one per node it selects, as upstream does, however many.
import type { V1Node } from '@kubernetes/client-node';
import { expect, it } from 'vitest';
import type { Manager } from '../../types/crds/manager';
import { planManager } from './plan-manager';

/** The part of a planned Cassandra these tests read. */
interface CassandraChild {
  spec: { commonConfiguration: { hostAliases?: { ip?: string; hostnames?: string[] }[] } };
}

/** A node named n<i>, with an InternalIP unless given ''. */
const node = (i: number, ip = `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`): V1Node => ({
  metadata: { name: `n${i}` },
  status: { addresses: ip ? [{ type: 'InternalIP', address: ip }] : [] },
});
const nodes = (count: number) => Array.from({ length: count }, (_, i) => node(i));

/** A Manager with no nodeSelector (every node is its) and one Cassandra with these pod settings. */
const manager = (common: Record<string, unknown>): Manager => ({
  apiVersion: 'contrail.juniper.net/v1alpha1',
  kind: 'Manager',
  metadata: { name: 'cluster1', namespace: 'ns', uid: 'm1', generation: 1 },
  spec: {
    commonConfiguration: { hostNetwork: true },
    services: { cassandras: [{ metadata: { name: 'cassandra1' }, spec: { commonConfiguration: common } }] },
  },
});

function aliasesOf(common: Record<string, unknown>, given: V1Node[]) {
  const plan = planManager({ manager: manager(common), nodes: given, child: () => undefined }, new Date());
  const cassandra = plan.objects.find((c) => c.kind === 'Cassandra') as unknown as CassandraChild;
  return cassandra.spec.commonConfiguration.hostAliases;
}

// 37 nodes is where the API server refused the Cassandra under the CRD's old cap of 32.
it.each([
  ['3 nodes', nodes(3), 3],
  ['37 nodes', nodes(37), 37],
  ['1,000 nodes', nodes(1000), 1000],
  ['a node without an InternalIP left out', [node(0), node(1, ''), node(2)], 2],
])("%s → %i aliases, each a node's InternalIP and hostname, in the nodes' order", (_case, given, count) => {
  const aliases = aliasesOf({}, given);
  expect(aliases).toHaveLength(count);
  expect(aliases).toEqual(
    given
      .filter((n) => n.status?.addresses?.length)
      .map((n) => ({ ip: n.status?.addresses?.[0]?.address, hostnames: [n.metadata?.name] })),
  );
});

it.each([
  ['no node has an InternalIP: none', {}, [node(0, '')], undefined],
  [
    'the entry sets its own: those, not the nodes',
    { hostAliases: [{ ip: '192.0.2.1', hostnames: ['db'] }] },
    nodes(40),
    [{ ip: '192.0.2.1', hostnames: ['db'] }],
  ],
])('%s', (_case, common, given, expected) => {
  expect(aliasesOf(common, given)).toEqual(expected);
});
