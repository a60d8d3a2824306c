// Databases of a test's own on the test PostgreSQL. Every server on one database shares its hardware
// rows, as replicas do; a test that floods the boot service or counts claims of unleased hardware gets
// a database of its own, so that it neither disturbs nor sees the other tests running beside it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase } from '../../server/db/migrate';

export interface OwnDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Runs `use` on a connection of its own to `url`, closed afterwards. */
export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database beside the one `serverUrl` names (`prefix` says whose it is in pg_database). */
export async function createEmptyDatabase(serverUrl: string, prefix: string): Promise<OwnDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withClient(serverUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      }),
  };
}

/** As createEmptyDatabase, with every migration applied. */
export async function createMigratedDatabase(serverUrl: string, prefix: string): Promise<OwnDatabase> {
  const database = await createEmptyDatabase(serverUrl, prefix);
  try {
    await migrateDatabase(database.url);
    return database;
  } catch (error) {
    await database.drop();
    throw error;
  }
}
