// The simulator's profiles on a real temporary folder: the same stand-in bytes in every asset store
// (the test database is shared, so every store must satisfy the same saved checksums), written once.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bootProfileInputSchema, type BootProfileInput } from '../../server/schemas/boot-profile';
import {
  registerSimulatorProfiles,
  SIMULATOR_IMAGE,
  SIMULATOR_INITRD,
  SIMULATOR_KERNEL,
  simulatorImageProfile,
  simulatorProfiles,
} from './simulator-boot-profiles';

const folders: string[] = [];
async function folder(): Promise<string> {
  const made = await mkdtemp(join(tmpdir(), 'rackpilot-simulator-assets-'));
  folders.push(made);
  return made;
}

afterAll(async () => {
  for (const made of folders) await rm(made, { recursive: true, force: true });
});

describe('the lab simulator boot profiles', () => {
  it('are valid profiles of the four kinds the simulated hosts boot', () => {
    const profiles = simulatorProfiles().map((profile) => bootProfileInputSchema.parse(profile));
    expect(profiles.map((profile) => [profile.name, profile.installer])).toEqual([
      ['preseed', 'preseed'],
      ['kickstart', 'kickstart'],
      ['cloud-init', 'cloud-init'],
      ['wipe', 'wipe'],
    ]);
  });

  it('offer tests a raw image profile whose SHA-256 is that of the stand-in image it writes', async () => {
    const profile = bootProfileInputSchema.parse(simulatorImageProfile());
    expect(profile).toMatchObject({ installer: 'image', image: SIMULATOR_IMAGE, imageFormat: 'raw' });
    const store = await folder();
    await registerSimulatorProfiles(store, () => Promise.resolve());
    const written = await readFile(join(store, SIMULATOR_IMAGE));
    expect(createHash('sha256').update(written).digest('hex')).toBe(profile.imageSha256);
  });

  it('writes the same stand-in bytes into every store, once, and saves all but those kept', async () => {
    const [first, second] = [await folder(), await folder()];
    const saved: BootProfileInput[] = [];
    await registerSimulatorProfiles(first, async (input) => {
      saved.push(input);
      await Promise.resolve();
    });
    expect(saved.map((profile) => profile.name)).toEqual(['preseed', 'kickstart', 'cloud-init', 'wipe']);
    const written = await stat(join(first, SIMULATOR_KERNEL));
    await registerSimulatorProfiles(second, () => Promise.resolve(), { keep: (name) => name !== 'wipe' });
    await registerSimulatorProfiles(
      first,
      (input) => {
        saved.push(input);
        return Promise.resolve();
      },
      { keep: (name) => name !== 'wipe' },
    );
    expect(saved.at(-1)?.name).toBe('wipe');
    expect(saved).toHaveLength(5);
    for (const path of [SIMULATOR_KERNEL, SIMULATOR_INITRD, SIMULATOR_IMAGE])
      expect((await readFile(join(first, path))).equals(await readFile(join(second, path)))).toBe(true);
    expect((await readFile(join(first, SIMULATOR_KERNEL))).toString()).toContain('not bootable');
    // Unchanged bytes are not written again.
    expect((await stat(join(first, SIMULATOR_KERNEL))).mtimeMs).toBe(written.mtimeMs);
  });
});
