import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  droppedSignedInRows,
  REFUSED_FLOOD,
  refusedCallAuditFloodProbe,
  sendRefusedCalls,
} from '../../tools/probe/finding-18-refused-call-audit-flood';
import { signInAsNew } from '../../tools/testenv/console-client';
import { TEST_ADMIN_PASSWORD } from '../../tools/testenv/server-process';
import { DEFAULT_REFUSED_AUDIT_RATES } from './refused-audit-limit';
import { MAX_REFUSED_AUDIT_INPUT } from './audit-log';
import { consoleServerFixture } from '../../tools/testenv/console-server-fixture';

const fixture = consoleServerFixture();
const id = randomBytes(4).toString('hex');
/** A bound per request, started when it is sent: one made at import would run out while the server starts. */
const inTime = () => AbortSignal.timeout(100_000);

describe('refused calls of a signed-in user', () => {
  it('write at most the per-principal limit of small rows; the rest is counted as dropped', async () => {
    const username = `flood-${id}`;
    const viewer = await signInAsNew(fixture.admin, username, 'viewer');
    const pad = Array.from({ length: 20 }, () => 'x'.repeat(200));
    const droppedBefore = await droppedSignedInRows(fixture.server.url, inTime());
    const started = performance.now();
    const refused = await sendRefusedCalls(
      viewer,
      { procedure: 'hosts.delete', input: { namespace: 'default', name: `gone-${id}`, pad } },
      REFUSED_FLOOD,
      inTime(),
    );
    const seconds = (performance.now() - started) / 1000;
    expect(refused).toBe(REFUSED_FLOOD);

    const rows = await fixture.db.auditEntry.findMany({
      where: { actor: username, action: 'hosts.delete' },
    });
    const rate = DEFAULT_REFUSED_AUDIT_RATES.signedIn;
    // The burst, plus what the bucket refilled while the flood was being sent.
    const allowed = rate.perCallerPerMinute + Math.ceil((seconds * rate.perCallerPerMinute) / 60);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(allowed);
    expect(rows.every((row) => row.result === 'denied' && row.role === 'viewer')).toBe(true);
    for (const row of rows) {
      expect(JSON.stringify(row.input).length).toBeLessThanOrEqual(MAX_REFUSED_AUDIT_INPUT + 100);
    }
    const dropped = (await droppedSignedInRows(fixture.server.url, inTime())) - droppedBefore;
    expect(dropped).toBe(REFUSED_FLOOD - rows.length);
  });

  it('is held as the edge probe sees it, with an admin account (a throw-away viewer) and an operator one', async () => {
    const asAdmin = await refusedCallAuditFloodProbe.run(
      { url: fixture.server.url, credentials: { username: 'admin', password: TEST_ADMIN_PASSWORD } },
      inTime(),
    );
    expect(asAdmin, asAdmin.detail).toMatchObject({ held: true });
    expect(await fixture.db.user.count({ where: { username: { startsWith: 'rackpilot-probe-' } } })).toBe(0);

    const username = `operator-${id}`;
    const created = await fixture.admin.mutate<{ password: string }>('access.createUser', {
      username,
      role: 'operator',
    });
    const asOperator = await refusedCallAuditFloodProbe.run(
      { url: fixture.server.url, credentials: { username, password: created.data?.password ?? '' } },
      inTime(),
    );
    expect(asOperator, asOperator.detail).toMatchObject({ held: true });
  });

  it('is summarised in one log line per minute (at shutdown here), by principal', async () => {
    await fixture.server.stop();
    expect(fixture.server.output()).toMatch(
      new RegExp(
        `audit: \\d+ rows of refused calls of signed-in users not written \\(rate limit\\) from \\d+ principals: .*flood-${id} ×\\d+`,
      ),
    );
  });
});
