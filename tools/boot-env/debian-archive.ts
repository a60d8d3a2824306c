/**
 * Debian packages fetched with `apt-get download` and unpacked with `dpkg-deb -x`, never installed on
 * this machine: the installer environment is built from them.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { runCommand } from '../lib/run-command';
import { SetupError } from '../../server/setup-error';

let listsUpdated: Promise<unknown> | undefined;

/**
 * A fresh machine's apt has no package lists (Debian's container images ship none): as root, read them
 * once and ask again.
 */
async function showPackage(name: string): Promise<string> {
  const show = async () => (await runCommand('apt-cache', ['show', '--no-all-versions', name])).stdout;
  try {
    return await show();
  } catch (error) {
    if (process.getuid?.() !== 0) throw error;
    listsUpdated ??= runCommand('apt-get', ['update'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    await listsUpdated;
    return show();
  }
}

/** The candidate version apt would install, and the package names it depends on (first alternative each). */
export async function candidateOf(name: string): Promise<{ version: string; depends: string[] }> {
  let stdout: string;
  try {
    stdout = await showPackage(name);
  } catch {
    throw new SetupError(
      `Debian package ${name} is not known to apt here (run apt-get update, or check /etc/apt/sources.list)`,
    );
  }
  return parseControlFields(stdout);
}

/** Pure: Version and Depends of one `apt-cache show` record. */
export function parseControlFields(record: string): { version: string; depends: string[] } {
  const field = (key: string) => new RegExp(`^${key}: (.*)$`, 'm').exec(record)?.[1]?.trim() ?? '';
  const version = field('Version');
  if (!version) throw new SetupError(`apt-cache printed no version:\n${record.slice(0, 200)}`);
  const depends = field('Depends')
    .split(',')
    .map(
      (item) =>
        item
          .split('|')[0]
          ?.trim()
          .split(/[\s(:]/)[0] ?? '',
    )
    .filter(Boolean);
  return { version, depends };
}

/**
 * Fetches `name=version` for each package into `downloads` (apt-get download: verified against the
 * archive's signed indexes, nothing installed) and unpacks every one into `root`.
 */
export async function downloadAndUnpack(
  packages: { name: string; version: string }[],
  downloads: string,
  root: string,
  signal?: AbortSignal,
): Promise<void> {
  // apt drops privileges to _apt for downloads; a folder it cannot write only earns a warning.
  await runCommand('apt-get', ['download', ...packages.map((pkg) => `${pkg.name}=${pkg.version}`)], {
    cwd: downloads,
    signal,
  });
  for (const file of (await readdir(downloads)).filter((entry) => entry.endsWith('.deb'))) {
    await runCommand('dpkg-deb', ['-x', join(downloads, file), root], { signal });
  }
}
