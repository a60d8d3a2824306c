import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { auditTrailProbe } from '../../tools/probe/finding-02-audit-trail';
import { TEST_ADMIN_PASSWORD } from '../../tools/testenv/server-process';
import { UNKNOWN_USERNAME } from './accounts';
import { consoleServerFixture } from '../../tools/testenv/console-server-fixture';

// Forty changes at once from one sign-in are more than the default per-caller bound lets run and wait
// (finding 16, tested in viewer-fan-out.int.test.ts); here they must all reach the audit trail.
const fixture = consoleServerFixture({ RACKPILOT_CALLS_PER_CALLER: '48:16' });
const run = randomBytes(3).toString('hex');

async function lastAuditId(): Promise<bigint> {
  const last = await fixture.db.auditEntry.findFirst({ orderBy: { id: 'desc' }, select: { id: true } });
  return last?.id ?? 0n;
}

/** Mints screen tokens named `prefix-0…count-1` all at once; the HTTP status of each. */
function mintAtOnce(prefix: string, count: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const answer = await fixture.admin.mutate('access.mintScreenToken', { name: `${prefix}-${i}` });
      return answer.status;
    }),
  );
}

/** Each token that exists has exactly one completed audit row; each refused call left no token. */
async function expectOneCompletedRowPerChange(prefix: string, statuses: number[], since: bigint) {
  const tokens = await fixture.db.screenToken.findMany({ where: { name: { startsWith: `${prefix}-` } } });
  const rows = await fixture.db.auditEntry.findMany({
    where: { id: { gt: since }, action: 'access.mintScreenToken', target: { startsWith: `${prefix}-` } },
  });
  statuses.forEach((status, i) => {
    const name = `${prefix}-${i}`;
    const own = rows.filter((row) => row.target === name);
    if (status === 200) {
      expect(
        tokens.filter((token) => token.name === name),
        name,
      ).toHaveLength(1);
      expect(
        own.map((row) => row.result),
        name,
      ).toEqual(['ok']);
    } else {
      expect(
        tokens.filter((token) => token.name === name),
        `${name} answered ${status}`,
      ).toEqual([]);
      expect(
        own.filter((row) => row.result === 'ok'),
        name,
      ).toEqual([]);
    }
  });
}

describe('no change without its audit row', () => {
  it('a change with NUL in a free-text field has its row, intent and result, with the NUL escaped', async () => {
    const since = await lastAuditId();
    const days = 400 + Math.floor(Math.random() * 100);
    const answer = await fixture.admin.mutate('access.setAuditRetention', {
      days,
      note: `nul:\u0000:${run}`,
    });
    expect(answer.status).toBe(200);
    const rows = await fixture.db.auditEntry.findMany({
      where: { id: { gt: since }, action: 'access.setAuditRetention', actor: 'admin' },
    });
    expect(rows.map((row) => ({ result: row.result, input: row.input }))).toEqual([
      { result: 'ok', input: { days, note: `nul:\\u0000:${run}` } },
    ]);
  });

  it('a name with NUL is refused at the edge with a clear reason, and nothing is created', async () => {
    const screen = await fixture.admin.mutate('access.mintScreenToken', { name: `tv\u0000${run}` });
    expect(screen.status).toBe(400);
    expect(screen.error?.message).toContain('Must not contain control characters such as NUL');
    expect(await fixture.db.screenToken.count({ where: { name: { contains: run } } })).toBe(0);
    const cluster = await fixture.admin.mutate('clusters.delete', {
      namespace: 'default',
      name: 'a\u0000b',
    });
    expect(cluster.status).toBe(400);
    expect(cluster.error?.message).toContain('Must not contain control characters such as NUL');
  });

  it('a sign-in with NUL in the user name is an unknown user, on record, not a failure', async () => {
    const since = await lastAuditId();
    const username = `ad\u0000min-${run}`;
    const answer = await fetch(`${fixture.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: fixture.server.url },
      body: JSON.stringify({ username, password: 'not the password' }),
      signal: AbortSignal.timeout(20_000),
    });
    expect(answer.status).toBe(401);
    const rows = await fixture.db.auditEntry.findMany({
      where: { id: { gt: since }, action: 'auth.signIn' },
    });
    // No account has that name, so the row names none (finding 20): what was typed is not stored at all.
    expect(rows.map((row) => row.actor)).toContain(UNKNOWN_USERNAME);
    expect(rows.map((row) => row.actor)).not.toContain(`ad\\u0000min-${run}`);
  });

  it('40 changes at once each leave exactly one completed row', async () => {
    const since = await lastAuditId();
    const prefix = `burst-${run}`;
    const statuses = await mintAtOnce(prefix, 40);
    expect(statuses).toEqual(Array(40).fill(200));
    await expectOneCompletedRowPerChange(prefix, statuses, since);
  });

  it('40 changes during a database hiccup: each change made has its row, each refused one changed nothing', async () => {
    const since = await lastAuditId();
    const prefix = `hiccup-${run}`;
    const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await locker.connect();
    try {
      // Audit writes stall until the lock goes, longer than a pool connection is waited for.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE audit_entries IN ACCESS EXCLUSIVE MODE');
      const minted = mintAtOnce(prefix, 40);
      // The pause is the hiccup itself: it must outlast the pool's wait for a connection, so no
      // condition can stand in for it.
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      await locker.query('COMMIT');
      const statuses = await minted;
      await expectOneCompletedRowPerChange(prefix, statuses, since);
    } finally {
      await locker.end();
    }
  });

  it('the probe holds', async () => {
    const outcome = await auditTrailProbe.run(
      { url: fixture.server.url, credentials: { username: 'admin', password: TEST_ADMIN_PASSWORD } },
      AbortSignal.timeout(30_000),
    );
    expect(outcome, outcome.detail).toMatchObject({ held: true });
  });
});
