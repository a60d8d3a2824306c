import type { AssetServerOptions } from '../../server/boot/asset-server';
import { ensureBootAssetServer } from '../controlplane/boot-asset-server-binary';

/** The boot asset server's binary: RACKPILOT_BOOT_ASSET_SERVER, else built on first use (seconds). */
export async function testAssetServerBinary(log: (line: string) => void): Promise<string> {
  return process.env.RACKPILOT_BOOT_ASSET_SERVER ?? (await ensureBootAssetServer(log));
}

/**
 * For the boot services the tests construct in-process (the vitest global setup): the binary, and
 * port 0 so that parallel services never collide.
 */
export async function provideTestAssetServer(log: (line: string) => void): Promise<void> {
  process.env.RACKPILOT_BOOT_ASSET_SERVER = await testAssetServerBinary(log);
  process.env.RACKPILOT_BOOT_ASSET_PORT = '0';
}

/** The asset server of a boot service a test constructs itself, on 127.0.0.1 at any free port. */
export function testAssetServer(overrides: Partial<AssetServerOptions> = {}): AssetServerOptions {
  const binary = process.env.RACKPILOT_BOOT_ASSET_SERVER;
  if (!binary)
    throw new Error(
      'RACKPILOT_BOOT_ASSET_SERVER is unset: the global setup builds it (provideTestAssetServer)',
    );
  return { binary, host: '127.0.0.1', port: 0, url: undefined, ...overrides };
}
