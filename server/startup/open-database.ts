import { join } from 'node:path';
import { log } from '../cli';
import type { ServerConfig } from '../config';
import { createDbClient, type DbClient } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { migrateDatabase } from '../db/migrate';
import type { Shutdown } from '../shutdown';

/** The configured database, or an embedded PostgreSQL in the state directory; migrated, then opened. */
export async function openDatabase(config: ServerConfig, shutdown: Shutdown): Promise<DbClient> {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const embedded = await startEmbeddedPostgres({ dataDir: join(config.stateDir, 'postgres'), log });
    shutdown.add('embedded PostgreSQL', () => embedded.stop());
    databaseUrl = embedded.url;
  }
  await migrateDatabase(databaseUrl);
  const db = createDbClient(databaseUrl, config.db);
  shutdown.add('database client', () => db.$disconnect());
  return db;
}
