import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { parseDatabaseUrl } from './database-url';
import { PrismaClient } from './generated/client';
import { DEFAULT_DB_LIMITS, type DbLimits } from './db-limits';
import { storableValues } from './plain-text';

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

function messagesOf(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current instanceof Error && parts.length < 5; current = current.cause) {
    parts.push(current.message);
  }
  return parts.join('\n');
}

/** A timeout of the pool or of PostgreSQL as one clear line; any other error unchanged. */
function clearDatabaseError(error: unknown, limits: DbLimits): unknown {
  const text = messagesOf(error);
  if (/timeout exceeded when trying to connect|Unable to start a transaction in the given time/.test(text)) {
    return new DatabaseUnavailableError(
      `database busy: no connection free within ${limits.acquireTimeoutMs} ms (pool of ${limits.poolSize})`,
      { cause: error },
    );
  }
  if (/57014|statement timeout|25P03|idle-in-transaction timeout/.test(text)) {
    return new DatabaseUnavailableError(
      `database statement cancelled after ${limits.statementTimeoutMs} ms (statement timeout)`,
      { cause: error },
    );
  }
  return error;
}

/** What `$sqlRows` answers: the rows a statement returned and how many rows it touched. */
export interface SqlRows<R> {
  rows: R[];
  rowCount: number;
}

/**
 * The application's Prisma client: queries go through @prisma/adapter-pg on a bounded pg pool (no native
 * engine). Every call, raw ones included, passes one place that makes its strings storable (PostgreSQL
 * cannot hold NUL) and turns timeouts into a DatabaseUnavailableError. `$sqlRows` runs a written-out
 * statement on the same pool without Prisma, for the few that run on nearly every call: Prisma compiles
 * every query, raw ones too, anew. Its caller makes its values storable. Call $disconnect() on shutdown;
 * it also ends the pool.
 */
export function createDbClient(databaseUrl: string, limits: DbLimits = DEFAULT_DB_LIMITS) {
  parseDatabaseUrl(databaseUrl);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: limits.poolSize,
    // Also bounds the wait for a free connection when all are in use.
    connectionTimeoutMillis: limits.acquireTimeoutMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: limits.statementTimeoutMs,
    // A transaction left open by a stuck caller would hold its connection for good.
    idle_in_transaction_session_timeout: limits.statementTimeoutMs,
    application_name: 'rackpilot',
  });
  const sqlRows = async <R extends pg.QueryResultRow>(
    text: string,
    values: readonly unknown[],
  ): Promise<SqlRows<R>> => {
    try {
      const result = await pool.query<R>(text, [...values]);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    } catch (error) {
      throw clearDatabaseError(error, limits);
    }
  };
  return new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    transactionOptions: { maxWait: limits.acquireTimeoutMs, timeout: limits.statementTimeoutMs },
  }).$extends({
    query: {
      async $allOperations({ args, query }) {
        try {
          return (await query(storableValues(args))) as unknown;
        } catch (error) {
          throw clearDatabaseError(error, limits);
        }
      },
    },
    client: { $sqlRows: sqlRows },
  });
}

export type DbClient = ReturnType<typeof createDbClient>;

/** Readiness check: resolves when the database answers a trivial query; rejects with a one-line reason. */
export async function pingDatabase(client: DbClient): Promise<void> {
  try {
    await client.$queryRaw`SELECT 1`;
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) throw error;
    // Prisma's message spans several lines; the last one says what went wrong.
    const message = error instanceof Error ? error.message : String(error);
    const lastLine = message.trim().split('\n').at(-1) ?? message;
    const reason = /Message: `(.*)`$/.exec(lastLine)?.[1] ?? lastLine;
    throw new DatabaseUnavailableError(`database ping failed: ${reason}`, { cause: error });
  }
}
