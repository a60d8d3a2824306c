import { probeClient } from './signin-attempts';
import { randomBytes } from 'node:crypto';
import type { EdgeProbe } from './edge-probe';

interface AuditPage {
  rows: { action: string; target: string | null; result: string; input: unknown }[];
}

/**
 * Sends a change with a NUL byte in a field the schema ignores (PostgreSQL cannot store NUL, and the audit
 * row was lost while the call went on), then looks for its audit row; and sends a name with a NUL, which
 * must be refused with a reason. The change deletes a SIPCluster that does not exist: nothing is altered.
 */
export const auditTrailProbe: EdgeProbe = {
  finding: 2,
  title: 'No change without its audit row; NUL in names refused',
  needsCredentials: true,
  async run(target, signal) {
    if (!target.credentials) throw new Error('needs credentials');
    const client = await probeClient(target, signal);
    const name = `rackpilot-probe-${randomBytes(4).toString('hex')}`;
    await client.mutate('clusters.delete', { namespace: 'default', name, note: 'nul:\u0000' });
    const page = await client.query<AuditPage>('access.audit', { action: 'clusters.delete' });
    const rows = (page.data?.rows ?? []).filter((row) => row.target === `default/${name}`);
    const refused = await client.mutate('clusters.delete', { namespace: 'default', name: 'a\u0000b' });
    const named = refused.status === 400 && /control character/i.test(refused.error?.message ?? '');
    const recorded = rows.length === 1 && rows[0]?.result !== 'pending';
    return {
      held: recorded && named,
      detail:
        `delete of absent default/${name} with NUL in an extra field: ${rows.length} audit rows` +
        `${rows[0] ? ` (${rows[0].result})` : ''}; name with NUL: ${refused.status} ${refused.error?.message ?? ''}`,
    };
  },
};
