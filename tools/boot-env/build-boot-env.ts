/**
 * The installer environment (a Debian kernel and an initramfs running tools/boot-env/init.sh) and the
 * demo image, built on first use into the per-user cache beside the control plane's, from Debian
 * packages fetched with `apt-get download` (never installed on this machine, never fetched from the
 * web). The cache folder is named by the package versions and a digest of this folder's sources, so a
 * new kernel, busybox or init program builds a new one.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOnce } from '../controlplane/build-lock';
import { cacheRoot } from '../controlplane/control-plane-binaries';
import { ensureDebianPackages, type DebianPackage } from '../testenv/ensure-test-packages';
import { SetupError } from '../../server/setup-error';
import { candidateOf, downloadAndUnpack } from './debian-archive';
import { buildDemoImage, type DemoImage } from './demo-image';
import { layOutRoot, packInitramfs } from './initramfs';
import { modulesToLoad } from './kernel-modules';

const here = dirname(fileURLToPath(import.meta.url));

/** The metapackage that names the current cloud kernel: small, and has the virtio drivers. */
const KERNEL_METAPACKAGE = 'linux-image-cloud-amd64';
/** Unpacked into the environment: busybox, and zstd with the libraries it links. */
const USERLAND = ['busybox-static', 'zstd', 'zlib1g', 'liblzma5', 'liblz4-1', 'libc6'];

/** Builds kept in the cache: each worktree or version of the sources has its own; older ones go. */
const KEPT_BUILDS = 3;

/** The build machine's tools (apt-get and dpkg-deb come with every Debian). */
const BUILD_TOOLS: DebianPackage[] = [
  { name: 'e2fsprogs', files: ['/usr/sbin/mke2fs', '/sbin/mke2fs'], usedBy: 'the demo image' },
  { name: 'zstd', files: ['/usr/bin/zstd'], usedBy: 'the demo image' },
];

export interface BootEnvironment {
  dir: string;
  kernel: string;
  initrd: string;
  /** The kernel's release, e.g. 6.1.0-57-cloud-amd64. */
  kernelRelease: string;
  demo: DemoImage;
}

/** The kernel package the metapackage points at now, and the versions of everything unpacked. */
async function resolvePackages(): Promise<{ name: string; version: string }[]> {
  const meta = await candidateOf(KERNEL_METAPACKAGE);
  const kernel = meta.depends.find((name) => name.startsWith('linux-image-'));
  if (!kernel) throw new SetupError(`${KERNEL_METAPACKAGE} depends on no linux-image package`);
  const names = [kernel, ...USERLAND];
  return Promise.all(names.map(async (name) => ({ name, version: (await candidateOf(name)).version })));
}

async function sourcesDigest(packages: { name: string; version: string }[]): Promise<string> {
  const hash = createHash('sha256');
  for (const pkg of packages) hash.update(`${pkg.name}=${pkg.version}\n`);
  const files = (await readdir(here)).filter((file) => !file.includes('.test.')).sort();
  for (const file of files) hash.update(file).update(await readFile(join(here, file)));
  return hash.digest('hex').slice(0, 12);
}

function environmentIn(dir: string, kernelRelease: string, demo: DemoImage): BootEnvironment {
  return { dir, kernel: join(dir, 'vmlinuz'), initrd: join(dir, 'initrd.img'), kernelRelease, demo };
}

async function buildInto(
  dir: string,
  packages: { name: string; version: string }[],
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  const staging = `${dir}.partial-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  const downloads = join(staging, 'debs');
  const unpacked = join(staging, 'unpacked');
  const root = join(staging, 'root');
  try {
    for (const folder of [downloads, unpacked, root]) await mkdir(folder, { recursive: true });
    log(
      `building the installer environment from ${packages.map((p) => `${p.name} ${p.version}`).join(', ')}`,
    );
    await downloadAndUnpack(packages, downloads, unpacked, signal);
    const kernelRelease = (packages[0]?.name ?? '').replace(/^linux-image-/, '');
    const modules = await modulesToLoad(join(unpacked, 'lib', 'modules', kernelRelease));
    await layOutRoot(root, { unpacked, kernelRelease, modules });
    await packInitramfs(join(unpacked, 'bin', 'busybox'), root, join(staging, 'initrd.img'));
    await copyFile(join(unpacked, 'boot', `vmlinuz-${kernelRelease}`), join(staging, 'vmlinuz'));
    const busybox = packages.find((p) => p.name === 'busybox-static');
    const demo = await buildDemoImage(
      staging,
      join(unpacked, 'bin', 'busybox'),
      `Debian busybox-static ${busybox?.version ?? ''}`,
    );
    await Promise.all(
      [downloads, unpacked, root, join(staging, 'demo-root')].map((folder) =>
        rm(folder, { recursive: true, force: true }),
      ),
    );
    const manifest = { kernelRelease, modules, demo: { sha256: demo.sha256, bytes: demo.bytes } };
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(staging, '.complete'), new Date().toISOString());
    await rm(dir, { recursive: true, force: true });
    await rename(staging, dir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** A finished build as its manifest describes it (the kernel release and the demo image's checksum). */
export async function readBuilt(dir: string): Promise<BootEnvironment> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as {
    kernelRelease: string;
    demo: { sha256: string; bytes: number };
  };
  const raw = join(dir, 'demo.img');
  return environmentIn(dir, manifest.kernelRelease, {
    raw,
    gzip: `${raw}.gz`,
    zstd: `${raw}.zst`,
    ...manifest.demo,
  });
}

/** Removes all but the newest KEPT_BUILDS complete builds (never `current`); partial ones are a builder's. */
export async function pruneBuilds(parent: string, current: string): Promise<void> {
  const builds = [];
  for (const entry of await readdir(parent)) {
    const marker = join(parent, entry, '.complete');
    if (existsSync(marker)) builds.push({ dir: join(parent, entry), at: (await stat(marker)).mtimeMs });
  }
  const old = builds.sort((a, b) => b.at - a.at).slice(KEPT_BUILDS);
  for (const build of old.filter((build) => build.dir !== current))
    await rm(build.dir, { recursive: true, force: true });
}

/**
 * Returns the installer environment and the demo image, building them once per machine (about a
 * minute and 30 MB of downloads) into `<cache>/boot-env/<kernel package>-<digest>`.
 */
export async function ensureBootEnvironment(
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<BootEnvironment> {
  const packages = await resolvePackages();
  const digest = await sourcesDigest(packages);
  const dir = join(cacheRoot(), 'boot-env', `${packages[0]?.name ?? 'linux'}-${digest}`);
  const complete = () => existsSync(join(dir, '.complete'));
  if (!complete()) {
    await ensureDebianPackages(BUILD_TOOLS, 'the installer environment', log);
    await mkdir(dirname(dir), { recursive: true });
    const started = Date.now();
    await buildOnce({
      lockPath: `${dir}.lock`,
      isDone: complete,
      log,
      build: () => buildInto(dir, packages, log, signal),
      signal,
    });
    log(`installer environment cached in ${dir} (${Math.round((Date.now() - started) / 1000)} s)`);
    await pruneBuilds(dirname(dir), dir);
  }
  return readBuilt(dir);
}
