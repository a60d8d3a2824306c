import { describe, expect, it } from 'vitest';
import { RefusedAuditLimit, type RefusedCallers } from './refused-audit-limit';

const ANONYMOUS: RefusedCallers = { calls: 'anonymous calls', callers: 'addresses' };

function limitAt(rate: { perCallerPerMinute: number; totalPerMinute: number }, names = ANONYMOUS) {
  let now = 0;
  const lines: string[] = [];
  const limit = new RefusedAuditLimit(
    rate,
    names,
    (line) => lines.push(line),
    () => now,
  );
  return {
    limit,
    lines,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('RefusedAuditLimit', () => {
  it('admits a burst per caller, then refills over the minute', () => {
    const { limit, advance } = limitAt({ perCallerPerMinute: 3, totalPerMinute: 100 });
    expect([1, 2, 3, 4].map(() => limit.admit('10.0.0.1'))).toEqual([true, true, true, false]);
    expect(limit.admit('10.0.0.2')).toBe(true);
    advance(20_000);
    expect(limit.admit('10.0.0.1')).toBe(true);
    expect(limit.admit('10.0.0.1')).toBe(false);
    limit.flushSummary();
  });

  it('caps all callers together', () => {
    const { limit } = limitAt({ perCallerPerMinute: 10, totalPerMinute: 4 });
    const admitted = Array.from({ length: 8 }, (_, i) => limit.admit(`10.0.0.${i}`));
    expect(admitted).toEqual([true, true, true, true, false, false, false, false]);
    limit.flushSummary();
  });

  it('reports what it dropped as one line, worst callers first, then starts counting afresh', () => {
    const { limit, lines } = limitAt({ perCallerPerMinute: 1, totalPerMinute: 100 });
    for (let i = 0; i < 4; i++) limit.admit('10.0.0.1');
    for (let i = 0; i < 2; i++) limit.admit('10.0.0.2');
    limit.flushSummary();
    expect(lines).toEqual([
      'audit: 4 rows of refused anonymous calls not written (rate limit) from 2 addresses: 10.0.0.1 ×3, 10.0.0.2 ×1',
    ]);
    limit.flushSummary();
    expect(lines).toHaveLength(1);
  });

  it('keeps the count of every dropped row across summaries, for the metrics', () => {
    const { limit, lines } = limitAt(
      { perCallerPerMinute: 2, totalPerMinute: 100 },
      { calls: 'calls of signed-in users', callers: 'principals' },
    );
    for (let i = 0; i < 5; i++) limit.admit('user:viewer');
    limit.flushSummary();
    limit.admit('user:viewer');
    limit.flushSummary();
    expect(limit.droppedTotal).toBe(4);
    expect(lines[0]).toBe(
      'audit: 3 rows of refused calls of signed-in users not written (rate limit) from 1 principals: user:viewer ×3',
    );
  });
});
