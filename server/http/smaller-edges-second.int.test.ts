import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { smallerEdgesSecondProbe } from '../../tools/probe/finding-20-smaller-edges-second';
import { attemptSignIn, wrongPassword } from '../../tools/probe/signin-attempts';
import { signInAsNew } from '../../tools/testenv/console-client';
import { TEST_ADMIN_PASSWORD } from '../../tools/testenv/server-process';
import { UNKNOWN_USERNAME } from '../access/accounts';
import { consoleServerFixture } from '../../tools/testenv/console-server-fixture';

const fixture = consoleServerFixture();
const id = randomBytes(4).toString('hex');
/** A bound per request, started when it is sent: one made at import would run out while the server starts. */
const inTime = () => AbortSignal.timeout(60_000);

async function signInRows(since: bigint) {
  return fixture.db.auditEntry.findMany({
    where: { id: { gt: since }, action: 'auth.signIn' },
    orderBy: { id: 'asc' },
  });
}

async function lastAuditId(): Promise<bigint> {
  return (await fixture.db.auditEntry.findFirst({ orderBy: { id: 'desc' } }))?.id ?? 0n;
}

describe('a failed sign-in', () => {
  it('records a name no account has as a mark, never as typed, with the same answer as a wrong password', async () => {
    const known = `known-${id}`;
    await signInAsNew(fixture.admin, known, 'viewer');
    const since = await lastAuditId();
    const typed = `Tr0ub4dor&3-${id}`;
    const unknownAnswer = await attemptSignIn(fixture.server.url, typed, wrongPassword(), inTime());
    const knownAnswer = await attemptSignIn(fixture.server.url, known, wrongPassword(), inTime());
    expect(unknownAnswer).toEqual(knownAnswer);
    expect(unknownAnswer.status).toBe(401);

    // Other tests' sign-ins may land in between: only these two names are looked at.
    const rows = await signInRows(since);
    expect(rows.filter((row) => row.actor === known).map((row) => row.result)).toEqual(['denied']);
    expect(rows.filter((row) => row.actor === UNKNOWN_USERNAME).length).toBeGreaterThan(0);
    const stored = rows.map(({ actor, target, input, error }) => ({ actor, target, input, error }));
    expect(JSON.stringify(stored)).not.toContain(typed);
  });
});

describe('tRPC answers over HTTP', () => {
  it('carry Cache-Control: no-store, successes and errors alike, as the session route does', async () => {
    const headers = { cookie: fixture.admin.cookie };
    const answers = await Promise.all([
      fetch(`${fixture.server.url}/api/trpc/access.me`, { headers }),
      fetch(`${fixture.server.url}/api/trpc/access.me`),
      fetch(`${fixture.server.url}/api/trpc/access.me,access.auditRetention?batch=1&input={}`, { headers }),
      fetch(`${fixture.server.url}/api/trpc/no.such.procedure`, { headers }),
      fetch(`${fixture.server.url}/api/auth/session`, { headers }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 200, 404, 200]);
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the audit page cursor', () => {
  it('beyond a bigint is a 400 that names it; the largest bigint is a page', async () => {
    const beyond = await fixture.admin.query('access.audit', { before: '9223372036854775808' });
    expect(beyond.status).toBe(400);
    expect(beyond.error?.message).toContain('before must be an audit entry id, at most 9223372036854775807');
    expect((await fixture.admin.query('access.audit', { before: '99999999999999999999' })).status).toBe(400);
    expect((await fixture.admin.query('access.audit', { before: 'x1' })).status).toBe(400);
    expect((await fixture.admin.query('access.audit', { before: '9223372036854775807' })).status).toBe(200);
  });
});

describe('the smaller edges, second probe', () => {
  it('are held as the edge probe sees them', async () => {
    const outcome = await smallerEdgesSecondProbe.run(
      { url: fixture.server.url, credentials: { username: 'admin', password: TEST_ADMIN_PASSWORD } },
      inTime(),
    );
    expect(outcome, outcome.detail).toMatchObject({ held: true });
  });
});
