/**
 * The demo image profile `npm start` registers for the local lab: the installer environment and the
 * demo image of tools/boot-env (built from Debian packages on first use), linked into the asset store
 * and saved through the same path as an operator's profile, so its checksums are checked. The build
 * runs in the background once the console is up; when it cannot be done (no apt, offline) one line
 * says why and the lab keeps the simulator's profiles.
 */
import { copyFile, link, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { BootProfileInput } from '../../server/schemas/boot-profile';
import { ensureBootEnvironment, type BootEnvironment } from '../boot-env/build-boot-env';
import { sha256Of } from '../boot-env/demo-image';

export const DEMO_PROFILE = 'demo-image';
/** The profile's `updatedBy`: a profile of that name saved by anyone else is an operator's, and kept. */
export const DEMO_SAVED_BY = 'lab demo image';
const FOLDER = 'demo-image';
/** A failure's message is cut to its first line and this many characters: one line in the log. */
const MAX_REASON = 300;

/** The store paths of the files, and the profile naming them with the checksums they must have. */
export function demoImageProfile(env: BootEnvironment, sha256: { kernel: string; initrd: string }) {
  const files = {
    kernel: `${FOLDER}/vmlinuz`,
    initrd: `${FOLDER}/initrd.img`,
    image: `${FOLDER}/demo.img`,
  };
  const profile: BootProfileInput = {
    name: DEMO_PROFILE,
    installer: 'image',
    kernel: files.kernel,
    initrds: [files.initrd],
    kernelArgs: 'console=ttyS0',
    sha256: { [files.kernel]: sha256.kernel, [files.initrd]: sha256.initrd },
    image: files.image,
    imageFormat: 'raw',
    imageSha256: env.demo.sha256,
  };
  return { files, profile };
}

/**
 * Puts `source` at `target` (which then holds the same bytes, whatever was there): a hard link when both
 * are on one file system, else a copy; through a temporary name, so a reader never sees half a file.
 */
export async function placeInStore(source: string, target: string): Promise<void> {
  const [from, to] = await Promise.all([stat(source), stat(target).catch(() => undefined)]);
  if (to && to.ino === from.ino && to.dev === from.dev) return;
  const temporary = `${target}.${process.pid}.tmp`;
  await rm(temporary, { force: true });
  try {
    await link(source, temporary);
  } catch {
    await copyFile(source, temporary);
  }
  await rename(temporary, target);
}

/** One line, whatever the error held (a command's output may follow its first line). */
export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split('\n')[0]?.trim() ?? '';
  return line.length > MAX_REASON ? `${line.slice(0, MAX_REASON)}…` : line;
}

export interface DemoImageOptions {
  /** The asset store (RACKPILOT_BOOT_ASSETS). */
  assetsDir: string;
  /** Saves the profile as bootProfiles.save does (checks its files). */
  save: (input: BootProfileInput) => Promise<unknown>;
  /** Whether a profile named demo-image is someone else's: then nothing is placed or saved. */
  operatorOwns: () => boolean;
  log: (line: string) => void;
  signal: AbortSignal;
  /** Builds (or finds in the cache) the installer environment; tests give their own. */
  build?: (log: (line: string) => void, signal: AbortSignal) => Promise<BootEnvironment>;
}

/** Builds the environment if needed, places its files and saves the profile. Never throws. */
export async function registerDemoImage({
  assetsDir,
  save,
  operatorOwns,
  log,
  signal,
  build = ensureBootEnvironment,
}: DemoImageOptions): Promise<void> {
  if (operatorOwns()) {
    log(`boot profile ${DEMO_PROFILE} is an operator's: the demo image is not registered over it`);
    return;
  }
  try {
    const env = await build((line) => log(`demo image: ${line}`), signal);
    const sums = { kernel: await sha256Of(env.kernel), initrd: await sha256Of(env.initrd) };
    const { files, profile } = demoImageProfile(env, sums);
    await mkdir(join(assetsDir, FOLDER), { recursive: true });
    await placeInStore(env.kernel, join(assetsDir, files.kernel));
    await placeInStore(env.initrd, join(assetsDir, files.initrd));
    await placeInStore(env.demo.raw, join(assetsDir, files.image));
    await save(profile);
    log(
      `boot profile ${DEMO_PROFILE}: the demo image (${env.demo.bytes} bytes, sha256 ${env.demo.sha256.slice(0, 12)}…) with the installer environment (${env.kernelRelease}); provision a lab machine with it from /hardware`,
    );
  } catch (error) {
    if (signal.aborted) return;
    log(
      `boot profile ${DEMO_PROFILE} not registered, the lab offers the simulator's profiles only: ${reasonOf(error)}`,
    );
  }
}
