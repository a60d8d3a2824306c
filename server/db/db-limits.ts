/** How many connections, and how long a call may wait for one and run on one, before it fails. */
export interface DbLimits {
  poolSize: number;
  acquireTimeoutMs: number;
  statementTimeoutMs: number;
}

/**
 * Sized for 200 viewers and 20 mutations a second (each mutation writes its audit intent and result
 * around its own statements); docs/decisions.md says why.
 */
export const DEFAULT_DB_LIMITS: DbLimits = {
  poolSize: 20,
  acquireTimeoutMs: 3_000,
  statementTimeoutMs: 10_000,
};
