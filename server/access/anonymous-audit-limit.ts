import { IpRateLimiter } from '../lib/ip-rate-limiter';

/** Audit rows for refused callers who are nobody, per minute: from one address, and from all together. */
export interface AnonymousAuditRate {
  perAddressPerMinute: number;
  totalPerMinute: number;
}

export const DEFAULT_ANONYMOUS_AUDIT_RATE: AnonymousAuditRate = {
  perAddressPerMinute: 30,
  totalPerMinute: 300,
};

const SUMMARY_INTERVAL_MS = 60_000;
const ALL = '*';
/** Addresses counted one by one in a summary; beyond that, as "other", so the counts stay small. */
const MAX_COUNTED_ADDRESSES = 1000;

/**
 * Decides which audit rows of unauthenticated, refused calls are written. Anyone can send those, so
 * without a limit the audit log is a way to fill the disk. What is dropped is counted and reported as
 * one summary line a minute instead of rows.
 */
export class AnonymousAuditLimit {
  private readonly perAddress: IpRateLimiter;
  private readonly total: IpRateLimiter;
  private dropped = new Map<string, number>();
  private summaryTimer: NodeJS.Timeout | undefined;

  constructor(
    rate: AnonymousAuditRate,
    private readonly log: (line: string) => void,
    now: () => number = Date.now,
  ) {
    this.perAddress = new IpRateLimiter(rate.perAddressPerMinute / 60, rate.perAddressPerMinute, now);
    this.total = new IpRateLimiter(rate.totalPerMinute / 60, rate.totalPerMinute, now);
  }

  /** Whether a row for this address may be written now; counts it as dropped when not. */
  admit(clientIp: string): boolean {
    if (this.perAddress.allows(clientIp) && this.total.take(ALL)) {
      this.perAddress.take(clientIp);
      return true;
    }
    const key = this.dropped.has(clientIp) || this.dropped.size < MAX_COUNTED_ADDRESSES ? clientIp : 'other';
    this.dropped.set(key, (this.dropped.get(key) ?? 0) + 1);
    this.summaryTimer ??= setTimeout(() => {
      this.flushSummary();
    }, SUMMARY_INTERVAL_MS).unref();
    return false;
  }

  /** Logs what was dropped since the last summary, if anything. */
  flushSummary(): void {
    clearTimeout(this.summaryTimer);
    this.summaryTimer = undefined;
    if (this.dropped.size === 0) return;
    const counts = [...this.dropped].sort((a, b) => b[1] - a[1]);
    this.dropped = new Map();
    const total = counts.reduce((sum, [, count]) => sum + count, 0);
    const top = counts
      .slice(0, 5)
      .map(([address, count]) => `${address} ×${count}`)
      .join(', ');
    this.log(
      `audit: ${total} rows of refused anonymous calls not written (rate limit) from ${counts.length} addresses: ${top}`,
    );
  }
}
