/**
 * Debian's own installer (d-i) for the `preseed` profile: the netboot kernel and text-mode initrd of
 * `debian-installer-12-netboot-amd64`, fetched on first use with `apt-get download` (checked against
 * the archive's signed indexes, never installed, never fetched from the web) into the per-user cache.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rm, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { buildOnce } from '../controlplane/build-lock';
import { cacheRoot } from '../controlplane/control-plane-binaries';
import { SetupError } from '../../server/setup-error';
import { pruneBuilds } from './build-boot-env';
import { candidateOf, downloadAndUnpack } from './debian-archive';

export const DEBIAN_INSTALLER_PACKAGE = 'debian-installer-12-netboot-amd64';
/** Inside the package: the text frontend's images (the gtk initrd is larger and needs a screen). */
const IMAGES = join(
  'usr',
  'lib',
  'debian-installer',
  'images',
  '12',
  'amd64',
  'text',
  'debian-installer',
  'amd64',
);

export interface DebianInstaller {
  dir: string;
  /** The d-i kernel (`linux` in the package). */
  kernel: string;
  /** The netboot initrd (`initrd.gz`), which holds the whole installer. */
  initrd: string;
  version: string;
}

/** Where one version of d-i is kept in the cache, and its two files; the version is made a safe folder name. */
export function installerIn(cache: string, version: string): DebianInstaller {
  const dir = join(
    cache,
    'debian-installer',
    `${DEBIAN_INSTALLER_PACKAGE}_${version.replace(/[^\w.+-]/g, '_')}`,
  );
  return { dir, kernel: join(dir, 'linux'), initrd: join(dir, 'initrd.gz'), version };
}

async function fetchInto(dir: string, version: string, signal?: AbortSignal): Promise<void> {
  const staging = `${dir}.partial-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  const downloads = join(staging, 'debs');
  const unpacked = join(staging, 'unpacked');
  try {
    for (const folder of [downloads, unpacked]) await mkdir(folder, { recursive: true });
    try {
      await downloadAndUnpack([{ name: DEBIAN_INSTALLER_PACKAGE, version }], downloads, unpacked, signal);
    } catch (error) {
      const why = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
      throw new SetupError(`apt-get download ${DEBIAN_INSTALLER_PACKAGE}=${version} failed: ${why}`);
    }
    for (const file of ['linux', 'initrd.gz'])
      await copyFile(join(unpacked, IMAGES, file), join(staging, file));
    // The package is 130 MB (pxelinux, grub, the gtk images): only the two files are kept.
    await Promise.all([downloads, unpacked].map((folder) => rm(folder, { recursive: true, force: true })));
    await writeFile(join(staging, '.complete'), new Date().toISOString());
    await rm(dir, { recursive: true, force: true });
    await rename(staging, dir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Returns d-i's kernel and initrd, fetching the package apt offers now once per machine (130 MB of
 * download, about 50 MB kept) into `<cache>/debian-installer/<package>_<version>`.
 */
export async function ensureDebianInstaller(
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<DebianInstaller> {
  const { version } = await candidateOf(DEBIAN_INSTALLER_PACKAGE);
  const installer = installerIn(cacheRoot(), version);
  const { dir } = installer;
  const complete = () => existsSync(join(dir, '.complete'));
  if (!complete()) {
    await mkdir(dirname(dir), { recursive: true });
    log(`fetching ${DEBIAN_INSTALLER_PACKAGE} ${version} with apt-get download`);
    await buildOnce({
      lockPath: `${dir}.lock`,
      isDone: complete,
      log,
      build: () => fetchInto(dir, version, signal),
      signal,
    });
    log(`Debian installer cached in ${dir}`);
    await pruneBuilds(dirname(dir), dir);
  }
  return installer;
}
