import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

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
