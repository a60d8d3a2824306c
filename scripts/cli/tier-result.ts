import type { FileResult } from '../../tools/testenv/test-progress';

/** What one tier of `npm test` did, as the closing summary prints it. */
export interface TierResult extends FileResult {
  tier: string;
}

export const tierPassed = (tier: string, passed: number): TierResult => ({
  tier,
  passed,
  failed: 0,
  skipped: [],
  failures: [],
  flaky: [],
});

export const tierFailed = (tier: string, failures: string[]): TierResult => ({
  tier,
  passed: 0,
  failed: failures.length,
  skipped: [],
  failures,
  flaky: [],
});
