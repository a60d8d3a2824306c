// The Plunder controllers' harness, apart from controller-harness.ts: it brings the boot service and its
// database client, which a process running only other controllers (the benchmarks' controller process)
// would otherwise load for nothing (Prisma's runtime alone is 13–15 MiB of RSS; docs/benchmarks.md).
import { rm } from 'node:fs/promises';
import type { KubeConfig } from '@kubernetes/client-node';
import { startBootService, type BootService, type BootServiceOptions } from '../../server/boot/boot-service';
import { startControllers, TEST_SETTINGS, type ControllerHarness } from './controller-harness';
import { newTestAssetsDir, registerTestProfiles } from './test-boot-profiles';
import { testAssetServer } from './test-asset-server';

/**
 * The Plunder controllers with a boot service of their own, wired as server/main.ts wires them:
 * the boot service reads the harness's caches and the controllers use the boot service. Unless given
 * an asset store, it gets one of its own with the test profiles (test-boot-profiles.ts) registered.
 */
export async function startPlunderControllers(
  kc: KubeConfig,
  options: Omit<BootServiceOptions, 'informers' | 'log' | 'assetsDir' | 'assetServer'> &
    Partial<Pick<BootServiceOptions, 'assetsDir' | 'assetServer'>>,
): Promise<ControllerHarness & { boot: BootService }> {
  let boot: BootService | undefined;
  const ownAssets = options.assetsDir ? undefined : await newTestAssetsDir();
  const harness = await startControllers(kc, ['plunder-machine', 'plunder-cluster'], async (informers) => {
    boot = await startBootService({
      flushIntervalMs: 500,
      assetServer: testAssetServer(),
      ...options,
      assetsDir: options.assetsDir ?? ownAssets ?? '',
      informers,
      log: (line) => {
        console.log(`[boot] ${line}`);
      },
    });
    return { ...TEST_SETTINGS, boot };
  });
  if (!boot) throw new Error('the boot service did not start');
  const started = boot;
  if (ownAssets) await registerTestProfiles(boot);
  return {
    ...harness,
    boot,
    stop: async () => {
      await harness.stop();
      await started.assets.stop();
      if (ownAssets) await rm(ownAssets, { recursive: true, force: true });
    },
  };
}
