import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureOidcProviderBinary, oidcProviderBuild } from './oidc-provider-binary';

describe('the OpenID provider build', () => {
  let cache: string;
  const saved = process.env.RACKPILOT_CACHE_DIR;

  beforeEach(async () => {
    cache = await mkdtemp(join(tmpdir(), 'rackpilot-oidc-cache-'));
    process.env.RACKPILOT_CACHE_DIR = cache;
  });

  afterEach(async () => {
    if (saved === undefined) delete process.env.RACKPILOT_CACHE_DIR;
    else process.env.RACKPILOT_CACHE_DIR = saved;
    await rm(cache, { recursive: true, force: true });
  });

  it('is cached under the control plane’s cache root, named by the zitadel/oidc version', async () => {
    const { dir, mod } = await oidcProviderBuild();
    expect(dir).toMatch(new RegExp(`^${cache}/oidc-provider/zitadel-oidc-v3\\.\\d+\\.\\d+-[0-9a-f]{12}$`));
    expect(mod).toContain('module rackpilot.local/controlplane/oidcprovider');
  });

  it('is not built again once complete', async () => {
    const { dir } = await oidcProviderBuild();
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, '.complete'), 'earlier');
    const lines: string[] = [];
    expect(await ensureOidcProviderBinary((line) => lines.push(line))).toBe(join(dir, 'oidc-provider'));
    expect(lines).toEqual([]);
  });
});
