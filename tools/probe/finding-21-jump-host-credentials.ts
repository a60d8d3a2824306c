import { defaultSipClusterForm } from '../../server/schemas/sip-cluster-form';
import type { EdgeProbe } from './edge-probe';
import { probeClient, throwAwayName } from './signin-attempts';

/**
 * What an operator can see from outside: whether the console offers to keep BMC passwords off a
 * SIPCluster's jump host. The jump host's files are readable only over SSH with a key the cluster
 * lists, or through Secrets the console never shows, so the probe cannot look at them; the
 * regression test does. A dry run whose `omitBmcCredentials` is not a boolean must be refused on
 * that field: a server without the option drops the unknown key and says nothing about it.
 */
export const jumpHostCredentialsProbe: EdgeProbe = {
  finding: 21,
  title: 'the console offers a SIPCluster jump host without BMC credentials',
  needsCredentials: true,
  async run(target, signal) {
    const client = await probeClient(target, signal);
    const form = defaultSipClusterForm();
    const input = {
      ...form,
      namespace: 'default',
      name: throwAwayName('probe'),
      services: { ...form.services, jumpHost: { ...form.services.jumpHost, omitBmcCredentials: 'yes' } },
    };
    const answer = await client.mutate('clusters.dryRun', input);
    const named = answer.error?.code === 'BAD_REQUEST' && answer.error.message.includes('omitBmcCredentials');
    return {
      held: named,
      detail: named
        ? 'clusters.dryRun knows services.jumpHost.omitBmcCredentials (a non-boolean is refused on that field); nothing is created'
        : `clusters.dryRun with omitBmcCredentials "yes" answered ${answer.status} ${answer.error?.message.slice(0, 200) ?? 'ok'}: the console does not offer the mode`,
    };
  },
};
