import { describe, expect, it } from 'vitest';
import { SetupError } from '../setup-error';
import { migrateFailure } from './migrate';

const url = 'postgresql://app:secret@db.internal:6543/rackpilot';

// Abridged output of `prisma migrate deploy` 6.19 (JS schema engine, adapter-pg) in each situation.
const preamble = [
  'Loaded Prisma config from prisma.config.ts.',
  'Prisma schema loaded from prisma/schema.prisma',
  'Datasource "db": PostgreSQL database "rackpilot", schema "public" using driver adapter "@prisma/adapter-pg"',
  '',
].join('\n');

describe('migrateFailure', () => {
  it.each([
    {
      situation: 'nothing listens',
      output:
        "Error: Can't reach database server at `db.internal:6543`\n\nPlease make sure your database server is running",
      message: 'cannot reach PostgreSQL at db.internal:6543: is PostgreSQL running there? Check DATABASE_URL',
    },
    {
      situation: 'wrong password',
      output:
        'Error: Authentication failed against database server, the provided database credentials for `app` are not valid.',
      message: 'PostgreSQL at db.internal:6543 rejected user "app" (wrong password?): check DATABASE_URL',
    },
    {
      situation: 'missing database',
      output: 'Error: Database `rackpilot` does not exist',
      message: 'database "rackpilot" does not exist on db.internal:6543: create it, or check DATABASE_URL',
    },
    {
      situation: 'a migration fails',
      output: [
        'Error: external connector error',
        'No such table: no_such_table',
        '   0: sql_schema_connector::apply_migration::apply_script',
        '           with migration_name="20260101000000_add_things"',
        '             at schema-engine/connectors/sql-schema-connector/src/apply_migration.rs:113',
      ].join('\n'),
      message:
        'migration 20260101000000_add_things failed on db.internal:6543/rackpilot: No such table: no_such_table',
    },
    {
      situation: 'an earlier migration failed',
      output: [
        'Error: P3009',
        '',
        'migrate found failed migrations in the target database, new migrations will not be applied.',
        'The `20260101000000_add_things` migration started at 2026-01-01 00:00:00 UTC failed',
      ].join('\n'),
      message:
        'migration 20260101000000_add_things failed earlier and is recorded as failed in database "rackpilot": ' +
        'fix it and mark the attempt rolled back (prisma/README.md, "When a migration fails")',
    },
    // What pg says when the migration lock's own connection fails, before the CLI runs.
    {
      situation: 'lock connection: nothing listens',
      output: 'Error: ECONNREFUSED ',
      message: 'cannot reach PostgreSQL at db.internal:6543: is PostgreSQL running there? Check DATABASE_URL',
    },
    {
      situation: 'lock connection: no answer',
      output: 'Error: Connection terminated due to connection timeout',
      message: 'cannot reach PostgreSQL at db.internal:6543: is PostgreSQL running there? Check DATABASE_URL',
    },
    {
      situation: 'lock connection: wrong password',
      output: 'Error: password authentication failed for user "app"',
      message: 'PostgreSQL at db.internal:6543 rejected user "app" (wrong password?): check DATABASE_URL',
    },
    {
      situation: 'lock connection: missing database',
      output: 'Error: database "rackpilot" does not exist',
      message: 'database "rackpilot" does not exist on db.internal:6543: create it, or check DATABASE_URL',
    },
    {
      situation: 'anything else',
      output: 'Error: something unexpected\nmore detail',
      message: 'prisma migrate failed on db.internal:6543/rackpilot: something unexpected',
    },
  ])('$situation', ({ output, message }) => {
    const error = migrateFailure(url, `${preamble}${output}\n`);
    expect(error).toBeInstanceOf(SetupError);
    expect(error.message).toBe(message);
    expect(error.message).not.toContain('secret');
  });
});
