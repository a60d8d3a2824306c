/**
 * Debian packages from the build host's apt: tools installed when missing (tests, builds), and packages
 * fetched with `apt-get download` and unpacked with `dpkg-deb -x` without installing them (the
 * installer environment is built from those).
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SetupError } from '../../server/setup-error';
import { runCommand } from './run-command';

/** A Debian package with the files that show it is there, and what needs it (for the one-line error). */
export interface DebianPackage {
  name: string;
  files: string[];
  usedBy: string;
}

const missingOf = (packages: DebianPackage[]) =>
  packages.filter((pkg) => !pkg.files.some((file) => existsSync(file)));

/**
 * Installs the Debian packages that are missing when we may (root with apt); otherwise fails with one
 * line naming them, so nothing can quietly skip for want of a tool. `purpose` ends the sentence
 * "missing for …".
 */
export async function ensureDebianPackages(
  packages: DebianPackage[],
  purpose: string,
  log: (line: string) => void,
): Promise<void> {
  const missing = missingOf(packages);
  if (missing.length === 0) return;
  const names = missing.map((pkg) => pkg.name);
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  const needs = missing.map((pkg) => `${pkg.name} (${pkg.usedBy})`).join(', ');
  if (!canInstall || (missing.some((pkg) => pkg.name === 'chromium') && process.env.CHROMIUM_PATH)) {
    throw new SetupError(
      `missing for ${purpose}: ${needs}; install them (Debian: apt-get install ${names.join(' ')})`,
    );
  }
  log(`installing Debian packages for ${purpose} (apt-get): ${names.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await runCommand('apt-get', ['update'], { env });
  await runCommand('apt-get', ['install', '-y', '--no-install-recommends', ...names], { env });
  const still = missingOf(packages);
  if (still.length > 0) {
    throw new SetupError(
      `apt-get installed ${names.join(' ')} but these are still missing: ${still.map((pkg) => pkg.files.join(' or ')).join(', ')}`,
    );
  }
}

/** The candidate version apt would install, and the package names it depends on (first alternative each). */
export async function candidateOf(name: string): Promise<{ version: string; depends: string[] }> {
  let stdout: string;
  try {
    ({ stdout } = await runCommand('apt-cache', ['show', '--no-all-versions', name]));
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
