import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BMO_APIS,
  BMO_REPOSITORY_CRDS_SHA256,
  differencesFromRepository,
  ensureUpstreamBmoCrds,
  upstreamBmoCrdsBuild,
} from './upstream-bmo-crds';

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

describe("the generated CRDs against BMO's repository", () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rackpilot-bmo-crds-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names a file missing, a file changed by one byte and a file BMO does not have', async () => {
    const [first, second] = Object.keys(BMO_REPOSITORY_CRDS_SHA256);
    await writeFile(join(dir, first ?? ''), 'kind: CustomResourceDefinition\n');
    await writeFile(join(dir, 'metal3.io_extras.yaml'), '');
    const problems = await differencesFromRepository(dir);
    expect(problems).toContain(`${second} was not generated`);
    expect(problems).toContainEqual(
      expect.stringMatching(new RegExp(`^${first} has SHA-256 [0-9a-f]{64}, BMO's`)),
    );
    expect(problems).toContain("metal3.io_extras.yaml is not in BMO's repository");
    expect(problems).toHaveLength(Object.keys(BMO_REPOSITORY_CRDS_SHA256).length + 1);
  });
});
