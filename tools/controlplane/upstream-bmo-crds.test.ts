import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BMO_APIS, ensureUpstreamBmoCrds, upstreamBmoCrdsBuild } from './upstream-bmo-crds';

describe("the build of baremetal-operator's CRDs", () => {
  let cache: string;
  const saved = process.env.RACKPILOT_CACHE_DIR;

  beforeEach(async () => {
    cache = await mkdtemp(join(tmpdir(), 'rackpilot-bmo-cache-'));
    process.env.RACKPILOT_CACHE_DIR = cache;
  });

  afterEach(async () => {
    if (saved === undefined) delete process.env.RACKPILOT_CACHE_DIR;
    else process.env.RACKPILOT_CACHE_DIR = saved;
    await rm(cache, { recursive: true, force: true });
  });

  it('is cached under the control plane’s cache root, named by the apis and controller-tools versions', async () => {
    const { dir, mod, controllerTools } = await upstreamBmoCrdsBuild();
    expect(controllerTools).toMatch(/^v\d+\.\d+\.\d+$/);
    expect(dir).toBe(
      join(
        cache,
        'upstream-bmo-crds',
        `bmo-apis-${BMO_APIS.version}-controller-tools-${controllerTools}-${dir.slice(-12)}`,
      ),
    );
    expect(dir.slice(-12)).toMatch(/^[0-9a-f]{12}$/);
    expect(mod).toContain('module rackpilot.local/controlplane/controllergen');
  });

  it('is not generated again once complete', async () => {
    const { dir } = await upstreamBmoCrdsBuild();
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, '.complete'), 'earlier');
    const lines: string[] = [];
    expect(await ensureUpstreamBmoCrds((line) => lines.push(line))).toBe(join(dir, 'crds'));
    expect(lines).toEqual([]);
  });
});
