import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../tools/testenv/console-client';
import { createMigratedDatabase, withClient, type OwnDatabase } from '../../tools/testenv/own-database';
import { startServerProcess, type ServerProcess } from '../../tools/testenv/server-process';
import { controllerNames } from '../controllers/build-controllers';
import { FIRST_ADMIN_PASSWORD_FILE } from './first-admin-password';

describe('the first admin generated password', () => {
  let database: OwnDatabase;
  let stateDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    // No users yet and no RACKPILOT_ADMIN_PASSWORD: the server generates the first admin's password.
    database = await createMigratedDatabase(process.env.DATABASE_URL ?? '', 'first_admin');
    stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-first-admin-'));
    server = await startServerProcess(
      { kubeconfig: process.env.KUBECONFIG ?? '', databaseUrl: database.url },
      {
        stateDir,
        extraEnv: { RACKPILOT_ADMIN_PASSWORD: '', RACKPILOT_DISABLED_CONTROLLERS: controllerNames.join(',') },
      },
    );
  });

  afterAll(async () => {
    await server.stop();
    await database.drop();
    await rm(stateDir, { recursive: true, force: true });
  });

  it('is written to a file only its owner reads, named in the log, and never in the log itself', async () => {
    const path = join(stateDir, FIRST_ADMIN_PASSWORD_FILE);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const password = (await readFile(path, 'utf8')).trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(server.output()).toContain(`created the first admin: username admin, password in ${path}`);
    expect(server.output()).not.toContain(password);
    await expect(signIn(server.url, 'admin', password)).resolves.toBeDefined();
  });

  it('creates no account when the password cannot be written', async () => {
    const unwritable = await createMigratedDatabase(process.env.DATABASE_URL ?? '', 'first_admin_unwritable');
    // A file where the state folder should be: the password file cannot be made inside it.
    const notAFolder = join(stateDir, 'not-a-folder');
    await writeFile(notAFolder, '');
    try {
      await expect(
        startServerProcess(
          { kubeconfig: process.env.KUBECONFIG ?? '', databaseUrl: unwritable.url },
          {
            stateDir: notAFolder,
            extraEnv: {
              RACKPILOT_ADMIN_PASSWORD: '',
              RACKPILOT_DISABLED_CONTROLLERS: controllerNames.join(','),
            },
          },
        ),
      ).rejects.toThrow(/EEXIST|ENOTDIR/);
      const users = await withClient(unwritable.url, (client) =>
        client.query<{ count: string }>('SELECT count(*) FROM users'),
      );
      expect(users.rows[0]?.count).toBe('0');
    } finally {
      await unwritable.drop();
    }
  });
});
