import { IpRateLimiter } from './ip-rate-limiter';

export interface RateBudget {
  perSecond: number;
  burst: number;
}

/** An address's balance in the store the replicas share, refilled up to the moment it was read. */
export interface SharedBalance {
  address: string;
  tokens: number;
}

/**
 * A token bucket per client address whose budget every replica shares. Each process decides from its
 * own buckets, so a request never waits on the database; once per exchange it hands over what it took
 * and takes back the shared balances (those it changed and those other replicas changed). Between two
 * exchanges a replica can spend what its own bucket holds, so the budget can be overshot by at most
 * `burst` plus `perSecond` × the exchange interval per replica; the shared balance then falls below zero
 * and every replica refuses the address until it has refilled.
 */
export class SharedIpRateLimiter {
  private readonly local: IpRateLimiter;
  private used = new Map<string, number>();

  constructor(
    readonly budget: RateBudget,
    now: () => number = Date.now,
  ) {
    this.local = new IpRateLimiter(budget.perSecond, budget.burst, now);
  }

  take(address: string): boolean {
    if (!this.local.take(address)) return false;
    this.used.set(address, (this.used.get(address) ?? 0) + 1);
    return true;
  }

  /** Tokens taken per address since the last call, for the next exchange; counting starts again. */
  takeUsage(): Map<string, number> {
    const used = this.used;
    this.used = new Map();
    return used;
  }

  /** The shared balances after an exchange; tokens taken here while it was under way still count. */
  applyShared(balances: readonly SharedBalance[]): void {
    for (const { address, tokens } of balances) {
      this.local.setTokens(address, tokens - (this.used.get(address) ?? 0));
    }
  }
}
