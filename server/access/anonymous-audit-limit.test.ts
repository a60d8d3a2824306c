import { describe, expect, it } from 'vitest';
import { AnonymousAuditLimit } from './anonymous-audit-limit';

function limitAt(rate: { perAddressPerMinute: number; totalPerMinute: number }) {
  let now = 0;
  const lines: string[] = [];
  const limit = new AnonymousAuditLimit(
    rate,
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

describe('AnonymousAuditLimit', () => {
  it('admits a burst per address, then refills over the minute', () => {
    const { limit, advance } = limitAt({ perAddressPerMinute: 3, totalPerMinute: 100 });
    expect([1, 2, 3, 4].map(() => limit.admit('10.0.0.1'))).toEqual([true, true, true, false]);
    expect(limit.admit('10.0.0.2')).toBe(true);
    advance(20_000);
    expect(limit.admit('10.0.0.1')).toBe(true);
    expect(limit.admit('10.0.0.1')).toBe(false);
    limit.flushSummary();
  });

  it('caps all addresses together', () => {
    const { limit } = limitAt({ perAddressPerMinute: 10, totalPerMinute: 4 });
    const admitted = Array.from({ length: 8 }, (_, i) => limit.admit(`10.0.0.${i}`));
    expect(admitted).toEqual([true, true, true, true, false, false, false, false]);
    limit.flushSummary();
  });

  it('reports what it dropped as one line, worst addresses first, then starts counting afresh', () => {
    const { limit, lines } = limitAt({ perAddressPerMinute: 1, totalPerMinute: 100 });
    for (let i = 0; i < 4; i++) limit.admit('10.0.0.1');
    for (let i = 0; i < 2; i++) limit.admit('10.0.0.2');
    limit.flushSummary();
    expect(lines).toEqual([
      'audit: 4 rows of refused anonymous calls not written (rate limit) from 2 addresses: 10.0.0.1 ×3, 10.0.0.2 ×1',
    ]);
    limit.flushSummary();
    expect(lines).toHaveLength(1);
  });
});
