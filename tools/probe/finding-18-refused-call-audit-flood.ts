import { randomBytes, randomUUID } from 'node:crypto';
import type { EdgeProbe } from './edge-probe';
import { signIn, type ConsoleClient } from '../testenv/console-client';
import { probeClient, signOut, throwAwayName } from './signin-attempts';

/** Refused calls sent: the number the report found all written. */
export const REFUSED_FLOOD = 300;
/** Calls per HTTP batch: small enough for any batch cap, so each is refused for its role, not its size. */
const BATCH = 10;
/** An input a refused row must not keep whole: 20 strings of 200 characters, about 4 KB. */
const PADDING = Array.from({ length: 20 }, () => 'x'.repeat(200));
/** What a refused row's input may take as JSON (1 KiB), with room for the marker saying it was cut. */
const MAX_ROW_INPUT = 1024 + 100;
const DROPPED_SERIES = /^rackpilot_audit_rows_dropped_total\{caller="signed-in"\} (\d+)$/m;

interface AuditPage {
  rows: { id: string; target: string | null; input: unknown }[];
  more: boolean;
}

/** Sends `count` calls of a mutation as the session's user in HTTP batches; returns how many were refused. */
export async function sendRefusedCalls(
  client: ConsoleClient,
  call: { procedure: string; input: unknown },
  count: number,
  signal: AbortSignal,
): Promise<number> {
  let refused = 0;
  for (let sent = 0; sent < count && !signal.aborted; sent += BATCH) {
    const size = Math.min(BATCH, count - sent);
    const paths = Array.from({ length: size }, () => call.procedure).join(',');
    const body = Object.fromEntries(Array.from({ length: size }, (_, i) => [String(i), call.input]));
    const response = await fetch(`${client.url}/api/trpc/${paths}?batch=1`, {
      method: 'POST',
      headers: { origin: client.url, cookie: client.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    const answers = (await response.json()) as { error?: { data?: { httpStatus?: number } } }[];
    refused += answers.filter((answer) => answer.error?.data?.httpStatus === 403).length;
  }
  return refused;
}

/** The refused-call rows of signed-in users this replica did not write (its /api/metrics). */
export async function droppedSignedInRows(url: string, signal: AbortSignal): Promise<number> {
  const metrics = await (await fetch(`${url}/api/metrics`, { signal })).text();
  return Number(DROPPED_SERIES.exec(metrics)?.[1] ?? 0);
}

/** The audit rows of `actor`'s calls of `action` on `target`, newest first, read as the probe's account. */
export async function auditRowsOf(
  reader: ConsoleClient,
  query: { actor: string; action: string; target: string },
): Promise<AuditPage['rows']> {
  const rows: AuditPage['rows'] = [];
  let before: string | undefined;
  // Enough pages for every row of a flood the limit did not stop.
  for (let page = 0; page <= REFUSED_FLOOD / 50; page++) {
    const answer = await reader.query<AuditPage>('access.audit', {
      actor: query.actor,
      action: query.action,
      before,
    });
    rows.push(...(answer.data?.rows ?? []).filter((row) => row.target === query.target));
    if (!answer.data?.more) break;
    before = answer.data.rows.at(-1)?.id;
  }
  return rows;
}

interface Flooder {
  client: ConsoleClient;
  actor: string;
  call: { procedure: string; input: unknown };
  target: string;
  cleanUp: () => Promise<void>;
}

/**
 * Whom the probe floods as, by the probe account's role: an operator is refused admin calls (removing a
 * user that does not exist); an admin is refused nothing, so it creates a throw-away viewer, refused a
 * delete of a host that does not exist, and removes it afterwards.
 */
async function flooder(reader: ConsoleClient, role: string, username: string): Promise<Flooder> {
  if (role === 'operator') {
    const id = randomUUID();
    return {
      client: reader,
      actor: username,
      call: { procedure: 'access.removeUser', input: { id, pad: PADDING } },
      target: id,
      cleanUp: () => Promise.resolve(),
    };
  }
  const viewerName = throwAwayName('rackpilot-probe');
  const created = await reader.mutate<{ user: { id: string }; password: string }>('access.createUser', {
    username: viewerName,
    role: 'viewer',
  });
  if (!created.data) throw new Error(`creating a viewer failed: ${created.error?.message ?? created.status}`);
  const userId = created.data.user.id;
  const host = `rackpilot-probe-${randomBytes(4).toString('hex')}`;
  return {
    client: await signIn(reader.url, viewerName, created.data.password),
    actor: viewerName,
    call: { procedure: 'hosts.delete', input: { namespace: 'default', name: host, pad: PADDING } },
    target: `default/${host}`,
    cleanUp: async () => {
      await reader.mutate('access.removeUser', { id: userId });
    },
  };
}

/**
 * A signed-in user sends 300 calls their role refuses, in batches, each with a 4 KB input; the probe then
 * reads back how many rows were written and how large their inputs are, and how many the server
 * counted as dropped. Rows stay few and small; a throw-away viewer is removed again.
 */
export const refusedCallAuditFloodProbe: EdgeProbe = {
  finding: 18,
  title: 'Refused calls of signed-in users cannot fill the audit log',
  needsCredentials: true,
  async run(target, signal) {
    if (!target.credentials) throw new Error('needs credentials');
    const reader = await probeClient(target, signal);
    const me = await reader.query<{ kind: string; role?: string }>('access.me');
    const role = me.data?.role ?? '';
    if (role !== 'admin' && role !== 'operator') {
      await signOut(target.url, reader.cookie);
      return { held: false, detail: `needs an operator or admin account to read the audit log, got ${role}` };
    }
    const flood = await flooder(reader, role, target.credentials.username);
    try {
      const droppedBefore = await droppedSignedInRows(target.url, signal);
      const refused = await sendRefusedCalls(flood.client, flood.call, REFUSED_FLOOD, signal);
      const dropped = (await droppedSignedInRows(target.url, signal)) - droppedBefore;
      const rows = await auditRowsOf(reader, {
        actor: flood.actor,
        action: flood.call.procedure,
        target: flood.target,
      });
      const largest = Math.max(0, ...rows.map((row) => JSON.stringify(row.input).length));
      return {
        held:
          refused === REFUSED_FLOOD &&
          rows.length < REFUSED_FLOOD &&
          dropped >= REFUSED_FLOOD - rows.length &&
          largest <= MAX_ROW_INPUT,
        detail:
          `${refused} of ${REFUSED_FLOOD} batched ${flood.call.procedure} calls as a ${role === 'admin' ? 'viewer' : role} ` +
          `refused; ${rows.length} audit rows written (largest input ${largest} characters), ${dropped} counted as dropped`,
      };
    } finally {
      if (flood.client !== reader) await signOut(target.url, flood.client.cookie);
      await flood.cleanUp();
      await signOut(target.url, reader.cookie);
    }
  },
};
