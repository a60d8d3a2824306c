import type { SIPCluster } from '../../server/types/crds/sip-cluster';

/**
 * A tenant's objects for the namespace-scope tests: a one-worker SIPCluster and a powered-off host in a
 * rack, so each team's namespace has something of each kind the scoped views show.
 */
export function tenantCluster(namespace: string, name: string): SIPCluster {
  return {
    apiVersion: 'airship.airshipit.org/v1',
    kind: 'SIPCluster',
    metadata: { name, namespace },
    spec: {
      nodes: {
        Worker: {
          labelSelector: { matchLabels: { 'vino.airshipit.org/flavor': 'worker' } },
          topologyKey: 'vino.airshipit.org/host',
          count: { active: 1, standby: 0 },
        },
      },
      services: {},
    },
  };
}

/** A host in `rack`; `slot` places it at that U for the rack view. */
export const tenantHost = (name: string, rack: string, slot?: number) => ({
  name,
  labels: {
    'vino.airshipit.org/rack': rack,
    ...(slot === undefined ? {} : { 'rackpilot.io/rack-unit': String(slot) }),
  },
  spec: { online: false },
});
