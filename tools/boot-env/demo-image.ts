/**
 * The demo image `npm start` offers: a small ext2 file system (made with e2fsprogs' `mke2fs -d`) holding
 * a marker file and Debian's static busybox, as a raw disk image with gzip and zstd variants. Its
 * SHA-256 is that of the raw bytes, which is what the installer verifies after writing any variant.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { runCommand } from '../lib/run-command';

/** Room for busybox (2 MB) and the file system's own blocks. */
export const DEMO_IMAGE_MIB = 4;
/** The marker's first line: a test finds it in the disk it had a VM write. */
export const DEMO_MARKER = 'rackpilot demo image';

export interface DemoImage {
  raw: string;
  gzip: string;
  zstd: string;
  /** SHA-256 of the raw image (the bytes written to the disk), hex. */
  sha256: string;
  /** Length of the raw image. */
  bytes: number;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Builds the demo image into `dir` from the unpacked busybox; `built` says what from, for the marker. */
export async function buildDemoImage(dir: string, busybox: string, built: string): Promise<DemoImage> {
  const content = join(dir, 'demo-root');
  await mkdir(join(content, 'bin'), { recursive: true });
  await copyFile(busybox, join(content, 'bin', 'busybox'));
  await writeFile(join(content, 'rackpilot-demo.txt'), `${DEMO_MARKER}\nbuilt from ${built}\n`);
  const raw = join(dir, 'demo.img');
  // mke2fs copies each file's change time, which no one can set: each build has its own checksum,
  // kept with the build in manifest.json.
  await runCommand('mke2fs', [
    '-q',
    '-F',
    '-t',
    'ext2',
    '-L',
    'rackpilot-demo',
    '-E',
    'root_owner=0:0',
    '-d',
    content,
    raw,
    `${DEMO_IMAGE_MIB}M`,
  ]);
  const gzip = `${raw}.gz`;
  await pipeline(createReadStream(raw), createGzip({ level: 9 }), createWriteStream(gzip));
  const zstd = `${raw}.zst`;
  await runCommand('zstd', ['-q', '-19', '-f', raw, '-o', zstd]);
  return { raw, gzip, zstd, sha256: await sha256Of(raw), bytes: (await stat(raw)).size };
}
