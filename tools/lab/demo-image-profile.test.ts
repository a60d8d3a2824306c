// The demo image profile on real temporary folders: a build's files (here: small files standing for the
// cached build, which needs apt and a minute) placed in an asset store that then satisfies the profile's
// checksums, and a build that cannot be done reported in one line with nothing saved.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AssetStore } from '../../server/boot/asset-store';
import { bootProfileInputSchema, type BootProfileInput } from '../../server/schemas/boot-profile';
import { SetupError } from '../../server/setup-error';
import type { BootEnvironment } from '../boot-env/build-boot-env';
import {
  DEMO_PROFILE,
  demoImageProfile,
  placeInStore,
  reasonOf,
  registerDemoImage,
} from './demo-image-profile';

const folders: string[] = [];
async function folder(): Promise<string> {
  const made = await mkdtemp(join(tmpdir(), 'rackpilot-demo-profile-'));
  folders.push(made);
  return made;
}

afterAll(async () => {
  for (const made of folders) await rm(made, { recursive: true, force: true });
});

const sha = (bytes: string) => createHash('sha256').update(bytes).digest('hex');

/** A build's folder with its three files. */
async function builtEnvironment(): Promise<BootEnvironment> {
  const dir = await folder();
  const raw = join(dir, 'demo.img');
  await writeFile(join(dir, 'vmlinuz'), 'kernel bytes');
  await writeFile(join(dir, 'initrd.img'), 'initrd bytes');
  await writeFile(raw, 'image bytes');
  return {
    dir,
    kernel: join(dir, 'vmlinuz'),
    initrd: join(dir, 'initrd.img'),
    kernelRelease: '6.1.0-99-cloud-amd64',
    demo: { raw, gzip: `${raw}.gz`, zstd: `${raw}.zst`, sha256: sha('image bytes'), bytes: 11 },
  };
}

describe('the demo image profile', () => {
  it('is a valid raw image profile naming the checksums of its kernel and initrd', async () => {
    const env = await builtEnvironment();
    const { files, profile } = demoImageProfile(env, { kernel: 'a'.repeat(64), initrd: 'b'.repeat(64) });
    expect(bootProfileInputSchema.parse(profile)).toMatchObject({
      name: DEMO_PROFILE,
      installer: 'image',
      imageFormat: 'raw',
      image: files.image,
      imageSha256: sha('image bytes'),
      sha256: { [files.kernel]: 'a'.repeat(64), [files.initrd]: 'b'.repeat(64) },
    });
  });

  it('is placed by a hard link, once, and replaces other bytes at its path', async () => {
    const env = await builtEnvironment();
    const store = await folder();
    const target = join(store, 'vmlinuz');
    await writeFile(target, 'an older kernel');
    await placeInStore(env.kernel, target);
    const [source, placed] = await Promise.all([stat(env.kernel), stat(target)]);
    expect(placed.ino).toBe(source.ino);
    await placeInStore(env.kernel, target);
    expect((await stat(target)).ino).toBe(source.ino);
    expect(await readFile(target, 'utf8')).toBe('kernel bytes');
  });

  it('is registered with its files in the store, which hold the checksums it names', async () => {
    const env = await builtEnvironment();
    const store = await folder();
    const saved: BootProfileInput[] = [];
    const lines: string[] = [];
    await registerDemoImage({
      assetsDir: store,
      save: (input) => Promise.resolve(saved.push(input)),
      operatorOwns: () => false,
      log: (line) => lines.push(line),
      signal: new AbortController().signal,
      build: () => Promise.resolve(env),
    });
    expect(saved).toHaveLength(1);
    const profile = bootProfileInputSchema.parse(saved[0]);
    const assets = new AssetStore(store);
    for (const path of [profile.kernel, ...profile.initrds])
      await expect(assets.expect(path, profile.sha256[path], 'file')).resolves.toMatchObject({ path });
    await expect(assets.expect(profile.image ?? '', profile.imageSha256, 'image')).resolves.toMatchObject({
      size: 11,
    });
    expect(lines.at(-1)).toMatch(
      /^boot profile demo-image: the demo image \(11 bytes, sha256 [0-9a-f]{12}…\)/,
    );
  });

  it('says in one line why it cannot be built, saves nothing and does not throw', async () => {
    const lines: string[] = [];
    const saved: BootProfileInput[] = [];
    await registerDemoImage({
      assetsDir: await folder(),
      save: (input) => Promise.resolve(saved.push(input)),
      operatorOwns: () => false,
      log: (line) => lines.push(line),
      signal: new AbortController().signal,
      build: () =>
        Promise.reject(
          new SetupError('Debian package linux-image-cloud-amd64 is not known to apt here\nmore'),
        ),
    });
    expect(saved).toEqual([]);
    expect(lines).toEqual([
      "boot profile demo-image not registered, the lab offers the simulator's profiles only: Debian package linux-image-cloud-amd64 is not known to apt here",
    ]);
  });

  it('leaves an operator profile of its name alone, and says nothing once stopped', async () => {
    const lines: string[] = [];
    let built = false;
    const build = () => {
      built = true;
      return Promise.reject(new Error('stopped'));
    };
    const options = {
      assetsDir: await folder(),
      save: () => Promise.resolve(),
      log: (line: string) => lines.push(line),
      build,
    };
    await registerDemoImage({ ...options, operatorOwns: () => true, signal: new AbortController().signal });
    expect(built).toBe(false);
    expect(lines).toEqual([
      "boot profile demo-image is an operator's: the demo image is not registered over it",
    ]);
    const stop = new AbortController();
    stop.abort();
    await registerDemoImage({ ...options, operatorOwns: () => false, signal: stop.signal });
    expect(built).toBe(true);
    expect(lines).toHaveLength(1);
  });

  it.each([
    [new Error('first line\nsecond line'), 'first line'],
    ['plain', 'plain'],
    [new Error('x'.repeat(400)), `${'x'.repeat(300)}…`],
  ])('reasonOf(%s) is one short line', (error, expected) => {
    expect(reasonOf(error)).toBe(expected);
  });
});
