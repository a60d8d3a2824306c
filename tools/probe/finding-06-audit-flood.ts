import { probeClient } from './signin-attempts';
import { randomBytes } from 'node:crypto';
import type { EdgeProbe } from './edge-probe';

const FLOOD = 80;
/** An input the old audit stored whole: 400 strings of 200 characters, about 80 KB. */
const PADDING = Array.from({ length: 400 }, () => 'x'.repeat(200));
/** What an audit row's input may take as JSON, with room for the marker saying it was cut. */
const MAX_ROW_INPUT = 9 * 1024;

interface AuditPage {
  rows: { id: string; target: string | null; input: unknown }[];
  more: boolean;
}

async function status(url: string, init: RequestInit): Promise<number> {
  return (await fetch(url, init)).status;
}

/**
 * An anonymous client tries to fill the audit log: oversized bodies to tRPC and the sign-in route, then a
 * flood of refused mutations with large inputs. Signed in, the probe then reads back what was written.
 * Every row it causes is small and their number is limited, so the probe itself leaves little behind.
 */
export const auditFloodProbe: EdgeProbe = {
  finding: 6,
  title: 'Anonymous callers cannot fill the audit log',
  needsCredentials: true,
  async run(target, signal) {
    if (!target.credentials) throw new Error('needs credentials');
    const headers = { 'content-type': 'application/json', origin: target.url };
    const bigTrpc = await status(`${target.url}/api/trpc/clusters.delete`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    const bigLogin = await status(`${target.url}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: 'x'.repeat(64 * 1024), password: 'x' }),
    });
    const name = `rackpilot-probe-${randomBytes(4).toString('hex')}`;
    let sent = 0;
    for (; sent < FLOOD && !signal.aborted; sent++) {
      await status(`${target.url}/api/trpc/clusters.delete`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ namespace: 'default', name, pad: PADDING }),
      });
    }
    const client = await probeClient(target, signal);
    const rows: AuditPage['rows'] = [];
    let before: string | undefined;
    for (let page = 0; page < 4; page++) {
      const answer = await client.query<AuditPage>('access.audit', {
        actor: 'anonymous',
        action: 'clusters.delete',
        before,
      });
      rows.push(...(answer.data?.rows ?? []).filter((row) => row.target === `default/${name}`));
      if (!answer.data?.more) break;
      before = answer.data.rows.at(-1)?.id;
    }
    const largest = Math.max(0, ...rows.map((row) => JSON.stringify(row.input).length));
    return {
      held:
        bigTrpc === 413 &&
        bigLogin === 413 &&
        sent === FLOOD &&
        rows.length < FLOOD &&
        largest <= MAX_ROW_INPUT,
      detail:
        `2 MiB tRPC body: ${bigTrpc}, 64 KiB sign-in body: ${bigLogin}; ${sent} anonymous mutations ` +
        `with 80 KB inputs wrote ${rows.length} audit rows, the largest input ${largest} characters`,
    };
  },
};
