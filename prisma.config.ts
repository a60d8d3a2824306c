// Prisma CLI configuration. With Prisma 6.19's JavaScript schema engine (engine: 'js') and a driver adapter,
// generate and migrate need no native engine binaries, so nothing is downloaded. See prisma/README.md.
import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { defineConfig } from 'prisma/config';

const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;

// The CLI reads the schema's env("DATABASE_URL") before it looks at this file's engine setting. When that
// fails because the variable is unset, it assumes the native query engine and tries to download it, even
// for `prisma generate`, which needs no database. A placeholder keeps those commands offline; commands
// that connect use `databaseUrl` above and report that it is missing.
process.env.DATABASE_URL = databaseUrl ?? 'postgresql://unset.invalid/rackpilot';
// No update checks or usage reports to checkpoint.prisma.io.
process.env.CHECKPOINT_DISABLE ??= '1';

/** PostgreSQL type oids (pg_type.oid): the catalogs' internal string types, reported as `text`. */
const TEXT_OID = 25;
const CATALOG_STRING_OIDS = new Set([
  18, // "char", a single byte (pg_class.relkind, pg_constraint.contype, ...)
  19, // name, identifiers
]);

function reportCatalogStringsAsText(result: unknown): unknown {
  if (Array.isArray(result)) {
    // A multi-statement query resolves to one result per statement.
    for (const item of result) reportCatalogStringsAsText(item);
    return result;
  }
  if (typeof result === 'object' && result !== null && 'fields' in result && Array.isArray(result.fields)) {
    for (const field of result.fields as pg.FieldDef[]) {
      if (CATALOG_STRING_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
    }
  }
  return result;
}

/**
 * The migrate commands' pool. The JS schema engine reads the system catalogs, whose columns use
 * PostgreSQL's internal `name` and `"char"` types, which @prisma/adapter-pg refuses ("Column type 'name'
 * could not be deserialized", prisma/orm#27403; `"char"` breaks `migrate diff --from-migrations`). Their
 * values arrive as plain strings, so reporting those columns as `text` is enough. Only the Prisma CLI uses
 * this class; the application keeps a normal Pool.
 */
class MigrationPool extends pg.Pool {
  // pg declares query() as a dozen overloads. This override forwards every form unchanged and only
  // rewrites promise results (the form the adapter uses), so its own signature is deliberately loose.
  override query(...args: never[]): never {
    const forward: (...forwarded: never[]) => unknown = super.query.bind(this);
    const result = forward(...args);
    return (result instanceof Promise ? result.then(reportCatalogStringsAsText) : result) as never;
  }
}

function migrationPool(connectionString: string): MigrationPool {
  // allowExitOnIdle: some commands never dispose the adapter, and an idle pool would keep the CLI alive.
  return new MigrationPool({
    connectionString,
    max: 2,
    connectionTimeoutMillis: 10_000,
    allowExitOnIdle: true,
  });
}

type MigrationAdapter = Awaited<ReturnType<PrismaPg['connect']>>;

/**
 * The stock executeScript() splits a migration at every `;` and sends the pieces one by one, which breaks
 * any migration with a semicolon inside a string, a function body or a DO block, and leaves a failed
 * migration half applied. Sent whole instead (no parameters, so pg uses the simple query protocol, which
 * accepts several statements and runs them as one implicit transaction), with the adapter's own error
 * reporting.
 */
function withWholeScripts(adapter: MigrationAdapter): MigrationAdapter {
  adapter.executeScript = async (script: string) => {
    await adapter.executeRaw({ sql: script, args: [], argTypes: [] });
  };
  return adapter;
}

/**
 * The adapter factory for the CLI. Besides the two fixes above, its shadow database (used by `migrate dev`
 * and `migrate diff --from-migrations`) is made differently: the stock factory connects to the shadow
 * through a copy of the pool config in which pg lets the connection string's database override the
 * shadow's, so it would really work on the main database. Here the shadow gets its own URL.
 */
class MigrationAdapterFactory extends PrismaPg {
  constructor(private readonly url: string) {
    super(migrationPool(url), { disposeExternalPool: true });
  }

  override async connect(): Promise<MigrationAdapter> {
    return withWholeScripts(await super.connect());
  }

  override async connectToShadowDb(): Promise<MigrationAdapter> {
    const database = `prisma_migrate_shadow_db_${randomUUID().replaceAll('-', '')}`;
    // Only creates and drops the shadow database, so it needs no catalog fix.
    const admin = new pg.Pool({ connectionString: this.url, max: 1, connectionTimeoutMillis: 10_000 });
    await admin.query(`CREATE DATABASE "${database}"`);
    const shadowUrl = new URL(this.url);
    shadowUrl.pathname = `/${database}`;
    const shadow = await new PrismaPg(migrationPool(shadowUrl.href), { disposeExternalPool: true }).connect();
    const disposeShadow = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      try {
        await disposeShadow();
        await admin.query(`DROP DATABASE IF EXISTS "${database}"`);
      } finally {
        await admin.end();
      }
    };
    return withWholeScripts(shadow);
  }
}

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  engine: 'js',
  experimental: { adapter: true },
  // Called by the commands that use the schema engine (every migrate command, including diff) and by -v.
  adapter: () => {
    if (!databaseUrl) {
      return Promise.reject(
        new Error('DATABASE_URL is not set: this Prisma command needs a running PostgreSQL.'),
      );
    }
    return Promise.resolve(new MigrationAdapterFactory(databaseUrl));
  },
});
