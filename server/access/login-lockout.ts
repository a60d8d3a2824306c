/** After this many failed sign-ins in a row an account is locked for LOCKOUT_MS. */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

export interface LockoutState {
  failedLogins: number;
  lockedUntil: Date | null;
}

export function isLocked(state: LockoutState, now: Date): boolean {
  return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}

/** The state after one more failed attempt: the fifth locks the account and starts the count again. */
export function afterFailure(state: LockoutState, now: Date): LockoutState {
  const failedLogins = state.failedLogins + 1;
  if (failedLogins >= MAX_FAILED_LOGINS) {
    return { failedLogins: 0, lockedUntil: new Date(now.getTime() + LOCKOUT_MS) };
  }
  return { failedLogins, lockedUntil: state.lockedUntil };
}
