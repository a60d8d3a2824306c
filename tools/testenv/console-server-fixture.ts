import { afterAll, beforeAll } from 'vitest';
import { createDbClient, type DbClient } from '../../server/db/client';
import { signInAsAdmin, type ConsoleClient } from './console-client';
import { startConsoleServer, type ServerProcess } from './server-process';

export interface ConsoleServerFixture {
  readonly server: ServerProcess;
  /** A client of the server's PostgreSQL, for reading what the server wrote. */
  readonly db: DbClient;
  /** The first admin, signed in. */
  readonly admin: ConsoleClient;
}

/**
 * For a test file: a console server (controllers off) started before its first test, with a database
 * client and the admin signed in, and stopped after its last.
 */
export function consoleServerFixture(extraEnv: Record<string, string> = {}): ConsoleServerFixture {
  let started: ConsoleServerFixture | undefined;
  const get = (): ConsoleServerFixture => {
    if (!started) throw new Error('the console server fixture is used before its beforeAll ran');
    return started;
  };
  beforeAll(async () => {
    const server = await startConsoleServer(extraEnv);
    const db = createDbClient(process.env.DATABASE_URL ?? '');
    started = { server, db, admin: await signInAsAdmin(server.url) };
  });
  afterAll(async () => {
    await started?.db.$disconnect();
    await started?.server.stop();
  });
  return {
    get server() {
      return get().server;
    },
    get db() {
      return get().db;
    },
    get admin() {
      return get().admin;
    },
  };
}
