import { probeClient } from './signin-attempts';
import { randomBytes } from 'node:crypto';
import type { EdgeProbe } from './edge-probe';

const ROUNDS = 20;

/**
 * Deletes a SIPCluster that does not exist, again and again: each delete goes to the API server with a
 * JSON body, and a body sent without Content-Length is read as the start of the next request on the same
 * keep-alive connection, so every other call failed. Nothing is created, so nothing is left behind.
 */
export const deleteSipClusterProbe: EdgeProbe = {
  finding: 8,
  title: 'DELETE with a body keeps the API-server connection usable',
  needsCredentials: true,
  async run(target, signal) {
    if (!target.credentials) throw new Error('needs credentials');
    const client = await probeClient(target, signal);
    const name = `rackpilot-probe-${randomBytes(4).toString('hex')}`;
    const wrong: string[] = [];
    let rounds = 0;
    for (; rounds < ROUNDS && !signal.aborted; rounds++) {
      const answer = await client.mutate('clusters.delete', { namespace: 'default', name });
      if (answer.error?.code !== 'NOT_FOUND') wrong.push(`${answer.status} ${answer.error?.message ?? 'ok'}`);
    }
    return {
      held: rounds === ROUNDS && wrong.length === 0,
      detail:
        `${rounds} deletes of the absent SIPCluster default/${name} through clusters.delete: ` +
        (wrong.length === 0 ? 'each answered not found' : `${wrong.length} failed, first: ${wrong[0]}`),
    };
  },
};
