import type { V1Secret } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { JUMP_HOST_BMC_CREDENTIALS_ANNOTATION } from './jump-host-bmc-mode';
import { planSipCluster } from './plan-sip-cluster';
import { fleet, observedState, privateKeysSecret, sampleHosts, sipCluster } from './test-fixtures';

const T0 = new Date('2026-11-01T10:00:00.123Z');

function jumpHostHostsFile(annotation: string | undefined) {
  const { hosts, secrets } = fleet(sampleHosts);
  const cluster = sipCluster();
  if (annotation !== undefined)
    cluster.metadata.annotations = { [JUMP_HOST_BMC_CREDENTIALS_ANNOTATION]: annotation };
  const plan = planSipCluster(observedState(cluster, hosts, [...secrets, privateKeysSecret()]), T0);
  const secret = plan.objects.find(
    (o): o is V1Secret => o.kind === 'Secret' && o.metadata?.name === 'jumphost-sub1',
  );
  const hostsFile = secret?.data?.hosts;
  return {
    plan,
    hosts: hostsFile
      ? (JSON.parse(Buffer.from(hostsFile, 'base64').toString()) as { bmc: Record<string, string> }[])
      : undefined,
  };
}

describe('planSipCluster jump host BMC credentials', () => {
  it.each([
    { annotation: undefined, keys: ['ip', 'password', 'username'] },
    { annotation: 'include', keys: ['ip', 'password', 'username'] },
    { annotation: 'omit', keys: ['ip'] },
  ])('annotation $annotation: the hosts file holds $keys', ({ annotation, keys }) => {
    const { plan, hosts } = jumpHostHostsFile(annotation);
    expect(hosts?.length).toBeGreaterThan(0);
    for (const host of hosts ?? []) expect(Object.keys(host.bmc).sort()).toEqual(keys);
    expect(plan.pruneOwned).toBe(true);
  });

  it.each(['Omit', 'omitted', '', 'false'])(
    'refuses the value %j: no jump host, the cluster says why, nothing is pruned',
    (annotation) => {
      const { plan, hosts } = jumpHostHostsFile(annotation);
      expect(hosts).toBeUndefined();
      expect(plan.objects.some((o) => o.metadata?.name === 'jumphost-sub1')).toBe(false);
      expect(plan.pruneOwned).toBe(false);
      expect(plan.status.conditions[0]).toMatchObject({
        status: 'False',
        reason: 'InfraServiceFailure',
        message: `jumphost-sub1: annotation ${JUMP_HOST_BMC_CREDENTIALS_ANNOTATION} is ${JSON.stringify(annotation)}; it must be "omit" or "include"`,
      });
    },
  );
});
