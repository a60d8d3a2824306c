// Writes the next migration from prisma/schema.prisma, or checks that none is missing. Needs no database of
// your own: it starts a throwaway embedded PostgreSQL, which `prisma migrate diff` uses for its shadow copy.
//
//   npx tsx server/db/new-migration.ts <name>   write prisma/migrations/<UTC timestamp>_<name>/migration.sql
//   npx tsx server/db/new-migration.ts --check  exit 1 if the schema has changes no migration covers
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSetupError, SetupError } from '../setup-error';
import { startEmbeddedPostgres } from './embedded-postgres';
import { runPrisma } from './migrate';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const EMPTY_MIGRATION = '-- This is an empty migration.';

function timestamp(date: Date): string {
  return date.toISOString().replace(/\D/g, '').slice(0, 14);
}

/** SQL that takes the database from the state prisma/migrations produce to prisma/schema.prisma. */
async function pendingSql(): Promise<string | undefined> {
  const scratch = await mkdtemp(join(tmpdir(), 'rackpilot-migration-'));
  // The server may run as another user (when this runs as root), which must be able to enter the folder.
  await chmod(scratch, 0o755);
  const database = await startEmbeddedPostgres({ dataDir: join(scratch, 'postgres', 'data') });
  try {
    const args = [
      'migrate',
      'diff',
      '--from-migrations',
      'prisma/migrations',
      '--to-schema-datamodel',
      'prisma/schema.prisma',
    ];
    const run = await runPrisma([...args, '--script'], { databaseUrl: database.url });
    if (run.code !== 0) {
      const reason = run.output.split('\n').find((line) => line.startsWith('Error:')) ?? run.output.trim();
      throw new SetupError(`prisma migrate diff failed: ${reason}`);
    }
    const sql = run.stdout.trim();
    return sql === EMPTY_MIGRATION || sql === '' ? undefined : `${sql}\n`;
  } finally {
    await database.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const [argument] = argv;
  if (argument === '--check') {
    const sql = await pendingSql();
    if (sql === undefined) {
      console.log('prisma/migrations matches prisma/schema.prisma');
      return 0;
    }
    console.error(
      `prisma/schema.prisma has changes that no migration covers; run server/db/new-migration.ts <name>:\n${sql}`,
    );
    return 1;
  }
  if (argument === undefined || !/^[a-z][a-z0-9_]*$/.test(argument) || argv.length > 1) {
    console.error('usage: npx tsx server/db/new-migration.ts <snake_case_name> | --check');
    return 2;
  }
  const sql = await pendingSql();
  if (sql === undefined) {
    console.log('nothing to do: prisma/migrations already matches prisma/schema.prisma');
    return 0;
  }
  const dir = join(repoRoot, 'prisma', 'migrations', `${timestamp(new Date())}_${argument}`);
  await mkdir(dir);
  await writeFile(join(dir, 'migration.sql'), sql);
  console.log(
    `wrote ${relative(repoRoot, join(dir, 'migration.sql'))}; review it before committing:\n\n${sql}`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(isSetupError(error) ? `new-migration: ${error.message}` : error);
    process.exitCode = 1;
  },
);
