import { IpRateLimiter } from '../lib/ip-rate-limiter';

/** Audit rows of refused calls per minute: for one caller, and for all callers of the kind together. */
export interface RefusedAuditRate {
  perCallerPerMinute: number;
  totalPerMinute: number;
}

/**
 * Callers without a principal are counted per client address, signed-in users and wall screens per
 * principal; each kind has its own total, so a flood of one kind cannot silence the other's rows.
 */
export interface RefusedAuditRates {
  anonymous: RefusedAuditRate;
  signedIn: RefusedAuditRate;
}

export const DEFAULT_REFUSED_AUDIT_RATES: RefusedAuditRates = {
  anonymous: { perCallerPerMinute: 30, totalPerMinute: 300 },
  signedIn: { perCallerPerMinute: 30, totalPerMinute: 300 },
};

/** How a kind of caller is named in the summary line. */
export interface RefusedCallers {
  calls: string;
  callers: string;
}

const SUMMARY_INTERVAL_MS = 60_000;
const ALL = '*';
/** Callers counted one by one in a summary; beyond that, as "other", so the counts stay small. */
const MAX_COUNTED_CALLERS = 1000;

/**
 * Decides which audit rows of refused calls are written. Anyone can send those (and any signed-in user
 * can send them for procedures above their role), so without a limit the audit log is a way to fill the
 * disk. What is dropped is counted for the metrics and reported as one summary line a minute.
 */
export class RefusedAuditLimit {
  private readonly perCaller: IpRateLimiter;
  private readonly total: IpRateLimiter;
  private dropped = new Map<string, number>();
  private summaryTimer: NodeJS.Timeout | undefined;
  private droppedSinceStart = 0;

  constructor(
    rate: RefusedAuditRate,
    private readonly names: RefusedCallers,
    private readonly log: (line: string) => void,
    now: () => number = Date.now,
  ) {
    this.perCaller = new IpRateLimiter(rate.perCallerPerMinute / 60, rate.perCallerPerMinute, now);
    this.total = new IpRateLimiter(rate.totalPerMinute / 60, rate.totalPerMinute, now);
  }

  /** Whether a row for this caller may be written now; counts it as dropped when not. */
  admit(caller: string): boolean {
    if (this.perCaller.allows(caller) && this.total.take(ALL)) {
      this.perCaller.take(caller);
      return true;
    }
    this.droppedSinceStart++;
    const key = this.dropped.has(caller) || this.dropped.size < MAX_COUNTED_CALLERS ? caller : 'other';
    this.dropped.set(key, (this.dropped.get(key) ?? 0) + 1);
    this.summaryTimer ??= setTimeout(() => {
      this.flushSummary();
    }, SUMMARY_INTERVAL_MS).unref();
    return false;
  }

  /** Every row not written since the process started (a Prometheus counter). */
  get droppedTotal(): number {
    return this.droppedSinceStart;
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
      .map(([caller, count]) => `${caller} ×${count}`)
      .join(', ');
    this.log(
      `audit: ${total} rows of refused ${this.names.calls} not written (rate limit) from ${counts.length} ${this.names.callers}: ${top}`,
    );
  }
}
