// The asset store on a real temporary folder: paths stay inside it, checksums are read once per
// (path, size, mtime) and again when the file changes, and the cache is bounded.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetStore } from './asset-store';

let root: string;
let outside: string;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rackpilot-asset-store-'));
  outside = await mkdtemp(join(tmpdir(), 'rackpilot-asset-outside-'));
  await mkdir(join(root, 'd12'));
  await writeFile(join(root, 'd12', 'linux'), 'kernel');
  await writeFile(join(outside, 'secret'), 'secret');
  await symlink(join(outside, 'secret'), join(root, 'escape'));
  await symlink(join(root, 'd12', 'linux'), join(root, 'alias'));
  await symlink(outside, join(root, 'elsewhere'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe('AssetStore', () => {
  it('checks a file and its SHA-256', async () => {
    const checked = await new AssetStore(root).check('d12/linux');
    expect(checked).toMatchObject({ path: 'd12/linux', size: 6, sha256: sha('kernel') });
  });

  it('follows a symlink that stays inside', async () => {
    expect((await new AssetStore(root).check('alias')).sha256).toBe(sha('kernel'));
  });

  it.each([
    ['missing', 'missing is missing from the asset store'],
    ['escape', 'escape leads outside the asset store'],
    ['elsewhere/secret', 'elsewhere/secret leads outside the asset store'],
    ['d12', 'd12 is not a regular file'],
    ['../etc/passwd', '../etc/passwd must not contain ..'],
    ['/etc/passwd', '/etc/passwd must be relative'],
  ])('refuses %s', async (path, message) => {
    await expect(new AssetStore(root).check(path)).rejects.toThrow(message);
  });

  it('refuses every file of a store that does not exist', async () => {
    await expect(new AssetStore(join(root, 'nope')).check('d12/linux')).rejects.toThrow('does not exist');
  });

  it('names the file and both checksums when one differs', async () => {
    await expect(new AssetStore(root).expect('d12/linux', 'f'.repeat(64), 'kernel')).rejects.toThrow(
      `kernel d12/linux does not match its checksum: its SHA-256 is ${sha('kernel')}, the profile says ${'f'.repeat(64)}`,
    );
  });

  it('reads a file again only when its size or mtime changed', async () => {
    const store = new AssetStore(root);
    await writeFile(join(root, 'changing'), 'first');
    const stamp = new Date('2026-01-01T00:00:00Z');
    await utimes(join(root, 'changing'), stamp, stamp);
    expect((await store.check('changing')).sha256).toBe(sha('first'));
    // Same size and mtime: the cached checksum stands (this is what the cache is keyed by).
    await writeFile(join(root, 'changing'), 'other');
    await utimes(join(root, 'changing'), stamp, stamp);
    expect((await store.check('changing')).sha256).toBe(sha('first'));
    await utimes(join(root, 'changing'), new Date(), new Date());
    expect((await store.check('changing')).sha256).toBe(sha('other'));
  });

  it('keeps at most its bound of checksums', async () => {
    const store = new AssetStore(root, 2);
    for (const name of ['a', 'b', 'c']) await writeFile(join(root, name), name);
    const stamp = new Date('2026-01-01T00:00:00Z');
    for (const name of ['a', 'b', 'c']) {
      await utimes(join(root, name), stamp, stamp);
      await store.check(name);
    }
    // 'a' was forgotten: a change that keeps size and mtime is seen, as for a file never read.
    await writeFile(join(root, 'a'), 'A');
    await utimes(join(root, 'a'), stamp, stamp);
    expect((await store.check('a')).sha256).toBe(sha('A'));
  });
});
