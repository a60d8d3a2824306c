/**
 * Boot profiles for the lab's simulated hosts (a simulator, like the hosts themselves): `preseed`,
 * `kickstart`, `cloud-init` and `wipe`, whose kernel and initrd are stand-in files in the asset store's
 * `lab-simulator/` folder, and for tests `lab-image`, an image profile whose image is a stand-in too.
 * Simulated hosts only download them and read their command line; they boot nothing. Tests register
 * the same profiles (tools/testenv/test-boot-profiles.ts).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BootProfileInput } from '../../server/schemas/boot-profile';

export const SIMULATOR_FOLDER = 'lab-simulator';
export const SIMULATOR_KERNEL = `${SIMULATOR_FOLDER}/vmlinuz`;
export const SIMULATOR_INITRD = `${SIMULATOR_FOLDER}/initrd.img`;
export const SIMULATOR_IMAGE = `${SIMULATOR_FOLDER}/disk.img`;
/** The stand-in image profile's name. */
export const SIMULATOR_IMAGE_PROFILE = 'lab-image';

/** Fixed bytes, so that every asset store holding them satisfies the same saved checksums. */
function standIn(what: string): Buffer {
  return Buffer.from(
    `Rackpilot lab simulator: stand-in ${what}, not bootable; only simulated hosts fetch it.\n`.repeat(800),
  );
}

/** Writes a file unless it already holds `bytes` (atomically: concurrent writers see whole files). */
async function writeOnce(path: string, bytes: Buffer): Promise<void> {
  const current = await readFile(path).catch(() => undefined);
  if (current?.equals(bytes)) return;
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
}

/** A raw image profile whose image is a stand-in: what a simulated host "writes" when given it. */
export function simulatorImageProfile(): BootProfileInput {
  return {
    name: SIMULATOR_IMAGE_PROFILE,
    installer: 'image',
    kernel: SIMULATOR_KERNEL,
    initrds: [SIMULATOR_INITRD],
    image: SIMULATOR_IMAGE,
    imageFormat: 'raw',
    imageSha256: createHash('sha256').update(standIn('disk image')).digest('hex'),
  };
}

export function simulatorProfiles(): BootProfileInput[] {
  const files = { kernel: SIMULATOR_KERNEL, initrds: [SIMULATOR_INITRD] };
  return [
    { name: 'preseed', installer: 'preseed', ...files },
    { name: 'kickstart', installer: 'kickstart', ...files },
    { name: 'cloud-init', installer: 'cloud-init', ...files },
    { name: 'wipe', installer: 'wipe', wipeMode: 'quick', ...files },
  ];
}

/** Writes the stand-in kernel, initrd and image into `assetsDir` (nothing when they are there already). */
export async function writeSimulatorAssets(assetsDir: string): Promise<void> {
  await mkdir(join(assetsDir, SIMULATOR_FOLDER), { recursive: true });
  await writeOnce(join(assetsDir, SIMULATOR_KERNEL), standIn('kernel'));
  await writeOnce(join(assetsDir, SIMULATOR_INITRD), standIn('initrd'));
  await writeOnce(join(assetsDir, SIMULATOR_IMAGE), standIn('disk image'));
}

/**
 * Writes the stand-in files into `assetsDir` and saves each of `profiles` (default: simulatorProfiles())
 * through `save`, except those `keep` says to leave as they are (an operator's own profile of that name).
 */
export async function registerSimulatorProfiles(
  assetsDir: string,
  save: (input: BootProfileInput) => Promise<unknown>,
  {
    keep = () => false,
    profiles = simulatorProfiles(),
  }: { keep?: (name: string) => boolean; profiles?: BootProfileInput[] } = {},
): Promise<void> {
  await writeSimulatorAssets(assetsDir);
  for (const profile of profiles) if (!keep(profile.name)) await save(profile);
}
