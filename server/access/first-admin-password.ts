import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Accounts } from './accounts';

export const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password';

/**
 * Writes the first admin's generated password to a file only its owner may read, and returns the path.
 * Never to the log: in a cluster the log is the pod log, which people and log shippers read who should
 * never hold the admin password. A file left by an earlier database is removed first; `wx` then refuses
 * to follow anything another user put in its place.
 */
export async function writeFirstAdminPassword(stateDir: string, password: string): Promise<string> {
  await mkdir(stateDir, { recursive: true });
  const path = join(stateDir, FIRST_ADMIN_PASSWORD_FILE);
  await rm(path, { force: true });
  await writeFile(path, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return path;
}

/** Creates the first admin when there are no users, and says where its password is (never what). */
export async function createFirstAdmin(
  accounts: Pick<Accounts, 'ensureFirstAdmin'>,
  stateDir: string,
  configured: string | undefined,
  log: (line: string) => void,
): Promise<void> {
  const { created, keptAt } = await accounts.ensureFirstAdmin(configured, (password) =>
    writeFirstAdminPassword(stateDir, password),
  );
  if (keptAt) {
    log(
      `created the first admin: username admin, password in ${keptAt} (readable by this user only; change the password after signing in, then delete the file)`,
    );
  } else if (created) {
    log('created the first admin: username admin, password from RACKPILOT_ADMIN_PASSWORD');
  }
}
