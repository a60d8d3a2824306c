import { startAccessHousekeeping } from '../access/access-housekeeping';
import { createAccessServices, type AccessServices } from '../access/access-services';
import { createFirstAdmin } from '../access/first-admin-password';
import { log } from '../cli';
import type { ServerConfig } from '../config';
import type { DbClient } from '../db/client';
import type { Shutdown } from '../shutdown';

/** Accounts, sessions and the audit log; the first admin when there is none; their housekeeping. */
export async function startAccess(
  db: DbClient,
  config: ServerConfig,
  shutdown: Shutdown,
): Promise<AccessServices> {
  const access = createAccessServices(db, {
    log,
    refusedAuditRates: config.refusedAuditRates,
    signinLimits: config.signinLimits,
    oidc: config.oidc && { settings: config.oidc, publicUrl: config.publicUrl },
    localSignIn: config.localSignIn,
  });
  shutdown.add('audit summary', () => {
    access.audit.flush();
  });
  await createFirstAdmin(access.accounts, config.stateDir, config.adminPassword, log);
  const housekeeping = startAccessHousekeeping(db, access, log);
  shutdown.add('access housekeeping', () => {
    housekeeping.stop();
  });
  return access;
}
