import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootAssetServer, ensureBootAssetServer } from './boot-asset-server-binary';
import { goProgramBuild } from './go-program';

describe('the boot asset server build', () => {
  let cache: string;
  const saved = { cache: process.env.RACKPILOT_CACHE_DIR, path: process.env.PATH };

  beforeEach(async () => {
    cache = await mkdtemp(join(tmpdir(), 'rackpilot-asset-server-cache-'));
    process.env.RACKPILOT_CACHE_DIR = cache;
  });

  afterEach(async () => {
    if (saved.cache === undefined) delete process.env.RACKPILOT_CACHE_DIR;
    else process.env.RACKPILOT_CACHE_DIR = saved.cache;
    process.env.PATH = saved.path;
    await rm(cache, { recursive: true, force: true });
  });

  it('is cached under its own folder, named by the Go line and keyed by module and source', async () => {
    const { dir, mod } = await goProgramBuild(bootAssetServer);
    expect(dir).toMatch(new RegExp(`^${cache}/boot-asset-server/go1\\.\\d+-[0-9a-f]{12}$`));
    expect(mod).toContain('module rackpilot.local/boot/assetserver');
  });

  it('stops with one line naming Go and the way around it when Go is missing', async () => {
    process.env.PATH = '';
    await expect(ensureBootAssetServer(() => undefined)).rejects.toThrow(
      /^Go 1\.\d+ or newer is needed to build the boot asset server and "go" is not on PATH: install Go, or set RACKPILOT_BOOT_ASSET_SERVER to a boot-asset-server binary built elsewhere$/,
    );
  });
});
