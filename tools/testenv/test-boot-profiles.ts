/**
 * The boot profiles tests boot (`preseed`, `kickstart`, `cloud-init`, `wipe`, and the image profile
 * `lab-image`): the lab simulator's, with stand-in files in an asset store of the test's own
 * (tools/lab/simulator-boot-profiles.ts). The test database is shared, so every test registers the
 * same files and checksums.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BootService } from '../../server/boot/boot-service';
import { saveBootProfile } from '../../server/boot/boot-profiles';
import type { DbClient } from '../../server/db/client';
import {
  registerSimulatorProfiles,
  simulatorImageProfile,
  simulatorProfiles,
} from '../lab/simulator-boot-profiles';

const testProfiles = () => ({ profiles: [...simulatorProfiles(), simulatorImageProfile()] });

export function newTestAssetsDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'rackpilot-boot-assets-'));
}

/** Into a boot service of the test process: used at once. */
export function registerTestProfiles(boot: BootService): Promise<void> {
  return registerSimulatorProfiles(
    boot.profiles.store.root,
    (input) => boot.profiles.save(input, 'tests'),
    testProfiles(),
  );
}

/** Through the database, for a server process whose asset store is `assetsDir`: it reads them when asked. */
export function registerTestProfilesIn(db: DbClient, assetsDir: string): Promise<void> {
  return registerSimulatorProfiles(
    assetsDir,
    (input) => saveBootProfile(db, assetsDir, input, 'tests'),
    testProfiles(),
  );
}
