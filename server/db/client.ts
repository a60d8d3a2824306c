import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { parseDatabaseUrl } from './database-url';
import { PrismaClient } from './generated/client';

export type DbClient = PrismaClient;

/**
 * The application's Prisma client: queries go through @prisma/adapter-pg on a small pg pool (no native
 * engine). Call $disconnect() on shutdown; it also ends the pool.
 */
export function createDbClient(databaseUrl: string): DbClient {
  parseDatabaseUrl(databaseUrl);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 5,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'rackpilot',
  });
  return new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
}

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** Readiness check: resolves when the database answers a trivial query; rejects with a one-line reason. */
export async function pingDatabase(client: DbClient): Promise<void> {
  try {
    await client.$queryRaw`SELECT 1`;
  } catch (error) {
    // Prisma's message spans several lines; the last one says what went wrong.
    const message = error instanceof Error ? error.message : String(error);
    const lastLine = message.trim().split('\n').at(-1) ?? message;
    const reason = /Message: `(.*)`$/.exec(lastLine)?.[1] ?? lastLine;
    throw new DatabaseUnavailableError(`database ping failed: ${reason}`, { cause: error });
  }
}
