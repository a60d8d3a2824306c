import type { DbClient } from '../db/client';
import type { AccessServices } from './access-services';
import { pruneAudit } from './audit-log';

const HOUR_MS = 60 * 60 * 1000;

/** Hourly: drops dead sessions, sign-in limit rows that limit nothing, and audit entries past retention. */
export function startAccessHousekeeping(
  db: DbClient,
  access: AccessServices,
  log: (line: string) => void,
): { stop(): void } {
  const run = async () => {
    try {
      await access.sessions.purgeDead();
      await access.signinThrottle.prune(new Date());
      const pruned = await pruneAudit(db);
      if (pruned > 0) log(`removed ${pruned} audit entries past their retention`);
    } catch (error) {
      log(`access housekeeping failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  void run();
  const timer = setInterval(() => void run(), HOUR_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
