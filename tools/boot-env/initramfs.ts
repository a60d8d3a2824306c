/**
 * Lays out the installer environment's root (busybox and its applets, the chosen kernel modules, zstd
 * with the libraries it links, the init program) and packs it as a gzip-compressed newc cpio, the
 * format the kernel unpacks an initramfs from. Busybox's own cpio applet packs it: no host cpio needed.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, realpath, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { runCommand } from '../lib/run-command';
import { SetupError } from '../../server/setup-error';

const here = dirname(fileURLToPath(import.meta.url));

/** The repository's files that become the environment's programs: their content keys the cache. */
export const PROGRAM_FILES = {
  init: join(here, 'init.sh'),
  udhcpc: join(here, 'udhcpc.sh'),
};

/** zstd is not a busybox applet: Debian's binary, with the shared libraries it needs. */
const ZSTD_LIBRARIES = ['libz.so.1', 'liblzma.so.5', 'liblz4.so.1', 'libc.so.6'];
const LOADER = 'ld-linux-x86-64.so.2';
const MULTIARCH = 'x86_64-linux-gnu';

/** A file Debian puts under /lib or /usr/lib (merged /usr or not), followed through its symlinks. */
async function unpackedLibrary(unpacked: string, name: string): Promise<string> {
  for (const dir of [`lib/${MULTIARCH}`, `usr/lib/${MULTIARCH}`]) {
    try {
      return await realpath(join(unpacked, dir, name));
    } catch {
      // not in this one
    }
  }
  throw new SetupError(`${name} is not in the unpacked Debian packages (${unpacked})`);
}

export interface RootParts {
  /** Where the Debian packages were unpacked. */
  unpacked: string;
  kernelRelease: string;
  /** Module paths relative to lib/modules/<release>, in load order. */
  modules: string[];
}

export async function layOutRoot(root: string, parts: RootParts): Promise<void> {
  const { unpacked, kernelRelease } = parts;
  const dirs = ['bin', 'sbin', 'etc', 'proc', 'sys', 'dev', 'run', 'tmp', `lib/${MULTIARCH}`, 'lib64'];
  for (const dir of dirs) await mkdir(join(root, dir), { recursive: true });
  const busybox = join(unpacked, 'bin', 'busybox');
  await copyFile(busybox, join(root, 'bin', 'busybox'));
  const applets = (await runCommand(busybox, ['--list'])).stdout.split('\n').filter(Boolean);
  for (const applet of applets.filter((name) => name !== 'busybox')) {
    await symlink('busybox', join(root, 'bin', applet));
  }
  await copyFile(join(unpacked, 'usr', 'bin', 'zstd'), join(root, 'bin', 'zstd'));
  for (const library of ZSTD_LIBRARIES) {
    await copyFile(await unpackedLibrary(unpacked, library), join(root, 'lib', MULTIARCH, library));
  }
  await copyFile(await unpackedLibrary(unpacked, LOADER), join(root, 'lib64', LOADER));
  const modulesFrom = join(unpacked, 'lib', 'modules', kernelRelease);
  for (const module of parts.modules) {
    const target = join(root, 'lib', 'modules', kernelRelease, module);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(modulesFrom, module), target);
  }
  await writeFile(
    join(root, 'etc', 'rackpilot-modules'),
    parts.modules.map((module) => `${kernelRelease}/${module}\n`).join(''),
  );
  await copyFile(PROGRAM_FILES.init, join(root, 'init'));
  await copyFile(PROGRAM_FILES.udhcpc, join(root, 'etc', 'udhcpc.sh'));
  for (const program of ['init', 'etc/udhcpc.sh', 'bin/busybox', 'bin/zstd'])
    await chmod(join(root, program), 0o755);
}

/** Every path under `root`, relative (`.`-prefixed as cpio lists them), parents before children. */
async function listTree(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true });
  return ['.', ...entries.sort().map((entry) => `./${entry}`)];
}

/** Packs `root` into `output` as gzip(cpio newc), using busybox's cpio applet. */
export async function packInitramfs(busybox: string, root: string, output: string): Promise<void> {
  const cpio = spawn(busybox, ['cpio', '-o', '-H', 'newc'], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let errors = '';
  cpio.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    cpio.on('error', reject);
    cpio.on('close', resolve);
  });
  cpio.stdin.end(`${(await listTree(root)).join('\n')}\n`);
  await pipeline(cpio.stdout, createGzip({ level: 9 }), createWriteStream(output));
  const code = await exited;
  // busybox cpio prints the block count on stderr; anything else there is a problem.
  if (code !== 0) throw new SetupError(`busybox cpio exited with ${code}: ${errors.trim().slice(0, 300)}`);
}
