// The planner with host Secrets whose values are still to be read (planWithSecrets' `pending`): it goes
// ahead with the hosts it would choose anyway and asks for their Secrets only, not every candidate's.
import { describe, expect, it } from 'vitest';
import { planSipCluster } from './plan-sip-cluster';
import {
  fleet,
  observedState,
  privateKeysSecret,
  sampleHosts,
  sipCluster,
  type HostOptions,
} from './test-fixtures';

const T0 = new Date('2026-11-01T10:00:00.123Z');

describe('planSipCluster with host Secrets still to be read', () => {
  // Ten spare hosts of each flavour besides the sample's: only the chosen ones' Secrets may be asked for.
  const spares: Record<number, HostOptions> = {};
  for (let n = 11; n <= 20; n++) spares[n] = { flavor: n % 2 ? 'control-plane' : 'worker', rack: n };
  const { hosts, secrets } = fleet({ ...sampleHosts, ...spares });
  const held = [privateKeysSecret()];
  const asked: string[] = [];
  const pendingPlan = planSipCluster(
    {
      ...observedState(sipCluster(), hosts, held),
      secretPending: (namespace, name) => {
        asked.push(`${namespace}/${name}`);
        return !held.some((secret) => secret.metadata?.name === name);
      },
    },
    T0,
  );
  const readPlan = planSipCluster(observedState(sipCluster(), hosts, [...secrets, ...held]), T0);

  it('goes ahead with the hosts it would choose with every value read, asking only for theirs', () => {
    expect(pendingPlan.hostLabelChanges).toEqual(readPlan.hostLabelChanges);
    const chosen = readPlan.hostLabelChanges.map((change) => change.name);
    expect(
      new Set(asked.map((key) => key.split('/')[1]?.replace(/-(bmc-credentials|network-data)$/, ''))),
    ).toEqual(new Set(chosen));
  });

  it('reports no problem for a host whose Secrets are only pending', () => {
    expect(JSON.stringify(pendingPlan.status)).not.toContain('not read yet');
  });
});
