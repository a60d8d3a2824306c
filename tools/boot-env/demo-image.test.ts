import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sha256Of } from './demo-image';

describe('sha256Of', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('hashes a file as it is streamed, larger than one read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rp-demo-image-'));
    dirs.push(dir);
    const bytes = Buffer.alloc(200_000, 7);
    await writeFile(join(dir, 'image'), bytes);
    expect(await sha256Of(join(dir, 'image'))).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});
