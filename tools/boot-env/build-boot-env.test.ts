import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneBuilds, readBuilt } from './build-boot-env';

describe('pruneBuilds', () => {
  let parent: string;

  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'boot-env-prune-'));
  });

  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  /** A finished build whose marker is `age` seconds old, or one still being built. */
  async function build(name: string, age?: number): Promise<void> {
    await mkdir(join(parent, name));
    if (age === undefined) return;
    const marker = join(parent, name, '.complete');
    await writeFile(marker, '');
    const at = Date.now() / 1000 - age;
    await utimes(marker, at, at);
  }

  it('keeps the three newest finished builds and the current one, and leaves builds in progress alone', async () => {
    for (const [name, age] of [
      ['a', 50],
      ['b', 40],
      ['c', 30],
      ['d', 20],
      ['e', 10],
    ] as const)
      await build(name, age);
    await build('f.partial-1');
    await pruneBuilds(parent, join(parent, 'a'));
    expect((await readdir(parent)).sort()).toEqual(['a', 'c', 'd', 'e', 'f.partial-1']);
  });
});

describe('readBuilt', () => {
  it('describes a finished build from its manifest: kernel, initrd and the demo image in three encodings', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'boot-env-built-'));
    try {
      const demo = { sha256: 'ab'.repeat(32), bytes: 4_194_304 };
      await writeFile(
        join(dir, 'manifest.json'),
        JSON.stringify({ kernelRelease: '6.1.0-57-cloud-amd64', demo }),
      );
      expect(await readBuilt(dir)).toEqual({
        dir,
        kernel: join(dir, 'vmlinuz'),
        initrd: join(dir, 'initrd.img'),
        kernelRelease: '6.1.0-57-cloud-amd64',
        demo: {
          raw: join(dir, 'demo.img'),
          gzip: join(dir, 'demo.img.gz'),
          zstd: join(dir, 'demo.img.zst'),
          ...demo,
        },
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
