// Migrations at start, as two replicas starting together run them against one fresh database: one waits
// for the other's advisory lock, both succeed, and every migration is applied exactly once.
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { createEmptyDatabase, withClient, type OwnDatabase } from '../../tools/testenv/own-database';
import { MIGRATION_LOCK_KEY, migrateDatabase } from './migrate';

const migrationsDir = fileURLToPath(new URL('../../prisma/migrations/', import.meta.url));
const serverUrl = process.env.DATABASE_URL ?? '';
const created: OwnDatabase[] = [];

/** A new, empty database on the test PostgreSQL; its URL. */
async function freshDatabase(): Promise<string> {
  const database = await createEmptyDatabase(serverUrl, 'migrate_lock');
  created.push(database);
  return database.url;
}

async function migrationNames(): Promise<string[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Every row of Prisma's migration table: one per attempt, so a migration applied twice shows twice. */
async function appliedRows(url: string) {
  return withClient(url, async (client) => {
    const rows = await client.query<{ migration_name: string; finished: boolean; rolled_back: boolean }>(
      `SELECT migration_name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back
         FROM _prisma_migrations ORDER BY migration_name`,
    );
    return rows.rows;
  });
}

async function expectAppliedOnce(url: string): Promise<void> {
  const rows = await appliedRows(url);
  expect(rows.map((row) => row.migration_name)).toEqual(await migrationNames());
  expect(rows.every((row) => row.finished && !row.rolled_back)).toBe(true);
}

afterAll(async () => {
  for (const database of created) await database.drop();
});

describe('migrateDatabase on one database from two processes', () => {
  it('waits while another holds the migration lock, then applies', { timeout: 120_000 }, async () => {
    const url = await freshDatabase();
    await withClient(url, async (holder) => {
      await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const migrating = migrateDatabase(url);
      // The migrator's session is queued behind the holder's lock, and nothing has been applied.
      await eventually(async () => {
        const waiting = await holder.query<{ pid: number }>(
          `SELECT pid FROM pg_locks
            WHERE locktype = 'advisory' AND NOT granted AND objid = $1
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          [MIGRATION_LOCK_KEY],
        );
        expect(waiting.rowCount).toBe(1);
      }, 30_000);
      const table = await holder.query<{ exists: string | null }>(
        "SELECT to_regclass('public._prisma_migrations')::text AS exists",
      );
      expect(table.rows[0]?.exists).toBeNull();
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await migrating;
    });
    await expectAppliedOnce(url);
  });

  it(
    'two at once: both succeed and each migration is applied exactly once',
    { timeout: 180_000 },
    async () => {
      const url = await freshDatabase();
      const results = await Promise.allSettled([migrateDatabase(url), migrateDatabase(url)]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      await expectAppliedOnce(url);
      // The lock is released with its session: a later start migrates (nothing pending) at once.
      await migrateDatabase(url);
      await expectAppliedOnce(url);
    },
  );
});
