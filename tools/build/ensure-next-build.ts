import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { runCommand } from '../lib/run-command';

// What the production build is made from; the generated Prisma client is derived from prisma/.
const inputs = [
  'app',
  'components',
  'server',
  'prisma',
  'next.config.ts',
  'postcss.config.mjs',
  'tsconfig.json',
  'package-lock.json',
];
const skipped = new Set(['generated', 'node_modules']);

async function filesUnder(root: string, path: string): Promise<string[]> {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  const entries = await readdir(full, { withFileTypes: true }).catch(() => undefined);
  if (!entries) return [path];
  const nested = await Promise.all(
    entries
      .filter((entry) => !skipped.has(entry.name))
      .map((entry) => filesUnder(root, relative(root, join(full, entry.name)))),
  );
  return nested.flat();
}

export async function sourceFingerprint(root: string): Promise<string> {
  const hash = createHash('sha256');
  const files = (await Promise.all(inputs.map((input) => filesUnder(root, input)))).flat().sort();
  for (const file of files) {
    hash.update(file);
    hash.update(await readFile(join(root, file)));
  }
  return hash.digest('hex');
}

/** Runs `next build` unless the last build was made from exactly the current sources; `signal` stops it. */
export async function ensureNextBuild(
  root: string,
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  const stamp = join(root, '.next', 'rackpilot-source.sha256');
  const fingerprint = await sourceFingerprint(root);
  const built = existsSync(join(root, '.next', 'BUILD_ID')) && existsSync(stamp);
  if (built && (await readFile(stamp, 'utf8')) === fingerprint) return;
  log('building the console (next build)');
  await runCommand(join(root, 'node_modules', '.bin', 'next'), ['build'], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    signal,
  });
  await writeFile(stamp, fingerprint);
}
