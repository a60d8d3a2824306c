import { describe, expect, it } from 'vitest';
import { auditFloodProbe } from '../../tools/probe/finding-06-audit-flood';
import { TEST_ADMIN_PASSWORD } from '../../tools/testenv/server-process';
import { DEFAULT_REFUSED_AUDIT_RATES } from './refused-audit-limit';
import { MAX_AUDIT_INPUT, MAX_AUDIT_TEXT } from './audit-log';
import { consoleServerFixture } from '../../tools/testenv/console-server-fixture';

const fixture = consoleServerFixture();

describe('an anonymous audit flood', () => {
  it('is held: bodies capped, rows bounded and limited per address, what was dropped summarised', async () => {
    const since = (await fixture.db.auditEntry.findFirst({ orderBy: { id: 'desc' } }))?.id ?? 0n;
    const outcome = await auditFloodProbe.run(
      { url: fixture.server.url, credentials: { username: 'admin', password: TEST_ADMIN_PASSWORD } },
      AbortSignal.timeout(50_000),
    );
    expect(outcome, outcome.detail).toMatchObject({ held: true });

    const rows = await fixture.db.auditEntry.findMany({ where: { id: { gt: since }, actor: 'anonymous' } });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(DEFAULT_REFUSED_AUDIT_RATES.anonymous.perCallerPerMinute);
    for (const row of rows) {
      expect(JSON.stringify(row.input).length).toBeLessThanOrEqual(MAX_AUDIT_INPUT + 100);
      expect(row.target?.length ?? 0).toBeLessThanOrEqual(MAX_AUDIT_TEXT + 40);
    }

    await fixture.server.stop();
    expect(fixture.server.output()).toMatch(
      /audit: \d+ rows of refused anonymous calls not written \(rate limit\) from 1 addresses: \S+ ×\d+/,
    );
  });
});
