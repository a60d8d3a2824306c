// Boot profiles against the real server process and PostgreSQL: a save naming a missing file, a file
// outside the asset store or a wrong SHA-256 is refused naming the file, with nothing written; a saved
// profile's files are served (through the asset server's redirect) with Content-Length, Range and ETag,
// anything else is a 404, and a file changed on disk after the save is no longer served and makes the
// profile unusable.
import { createHash, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleServerFixture } from '../../tools/testenv/console-server-fixture';
import { eventually } from '../../tools/testenv/eventually';
import type { BootProfileView } from '../schemas/boot-profile';

const run = randomBytes(3).toString('hex');
const assetsDir = await mkdtemp(join(tmpdir(), 'rackpilot-profiles-'));
const outside = await mkdtemp(join(tmpdir(), 'rackpilot-outside-'));
const fixture = consoleServerFixture({ RACKPILOT_BOOT_ASSETS: assetsDir, RACKPILOT_BOOT_RATE: '100:200' });
const name = (what: string) => `t-${run}-${what}`;

const kernel = randomBytes(100_000);
const initrd = randomBytes(300_000);
const image = randomBytes(200_000);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  await mkdir(join(assetsDir, run, 'sub'), { recursive: true });
  await writeFile(join(assetsDir, run, 'vmlinuz'), kernel);
  await writeFile(join(assetsDir, run, 'sub', 'initrd.img'), initrd);
  await writeFile(join(assetsDir, run, 'os.img'), image);
  await writeFile(join(assetsDir, run, 'os.img.gz'), gzipSync(image));
  await writeFile(join(outside, 'secret'), 'not for hosts');
  await symlink(join(outside, 'secret'), join(assetsDir, run, 'escape'));
});

afterAll(async () => {
  await fixture.db.$executeRawUnsafe('DELETE FROM boot_profiles WHERE name LIKE $1', `t-${run}-%`);
  await rm(assetsDir, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const files = () => ({ kernel: `${run}/vmlinuz`, initrds: [`${run}/sub/initrd.img`] });
/**
 * The status of a GET through node:http, following the route's redirect to the asset server as iPXE
 * does: fetch adds `cache-control: no-cache` to a conditional request (the Fetch standard), which makes
 * any server answer it in full; iPXE sends no such header.
 */
function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      response.resume();
      const location = response.headers.location;
      if (response.statusCode === 307 && location) resolve(statusOf(new URL(location, url).href, headers));
      else resolve(response.statusCode ?? 0);
    }).on('error', reject);
  });
}

const rowsNamed = async (profile: string) =>
  (await fixture.db.bootProfile.findMany({ where: { name: profile } })).length;

describe('bootProfiles.save refuses, naming the file, and writes nothing', () => {
  it.each([
    ['a missing kernel', () => ({ ...files(), kernel: `${run}/gone` }), `${run}/gone is missing`],
    [
      'a wrong kernel checksum',
      () => ({ ...files(), sha256: { [`${run}/vmlinuz`]: 'a'.repeat(64) } }),
      `kernel ${run}/vmlinuz does not match its checksum: its SHA-256 is ${sha(kernel)}`,
    ],
    [
      'a symlink out of the asset store',
      () => ({ ...files(), initrds: [`${run}/escape`] }),
      `${run}/escape leads outside the asset store`,
    ],
  ])('%s', async (_, input, message) => {
    const profile = name('refused');
    const reply = await fixture.admin.mutate('bootProfiles.save', {
      name: profile,
      installer: 'preseed',
      ...input(),
    });
    expect(reply.error?.code).toBe('BAD_REQUEST');
    expect(reply.error?.message).toContain(message);
    expect(await rowsNamed(profile)).toBe(0);
  });

  it('an image whose SHA-256 differs from the one given', async () => {
    const profile = name('bad-image');
    const reply = await fixture.admin.mutate('bootProfiles.save', {
      name: profile,
      installer: 'image',
      ...files(),
      image: `${run}/os.img`,
      imageSha256: sha(kernel),
    });
    expect(reply.error?.message).toContain(`image ${run}/os.img does not match its checksum`);
    expect(await rowsNamed(profile)).toBe(0);
  });

  it('a compressed image: its SHA-256 is of the bytes the installer writes, not of the file', async () => {
    const profile = name('gzip-image');
    const reply = await fixture.admin.mutate('bootProfiles.save', {
      name: profile,
      installer: 'image',
      ...files(),
      image: `${run}/os.img.gz`,
      imageFormat: 'gzip',
      imageSha256: sha(image),
    });
    expect(reply.error).toBeUndefined();
    expect(await rowsNamed(profile)).toBe(1);
  });

  it('a path with .. or an absolute one, at the edge', async () => {
    for (const kernelPath of ['../etc/passwd', '/etc/passwd']) {
      const reply = await fixture.admin.mutate('bootProfiles.save', {
        name: name('edge'),
        installer: 'preseed',
        ...files(),
        kernel: kernelPath,
      });
      expect(reply.error?.code).toBe('BAD_REQUEST');
    }
    expect(await rowsNamed(name('edge'))).toBe(0);
  });
});

describe('a saved profile', () => {
  const profile = name('img');
  let etag = '';

  beforeAll(async () => {
    const reply = await fixture.admin.mutate<BootProfileView>('bootProfiles.save', {
      name: profile,
      installer: 'image',
      ...files(),
      kernelArgs: 'console=ttyS0',
      image: `${run}/os.img`,
      imageSha256: sha(image).toUpperCase(),
      rootDeviceHints: { minSizeGigabytes: 1 },
    });
    expect(reply.error).toBeUndefined();
  });

  it('is listed with its files, sizes and checksums, usable', async () => {
    const list = await fixture.admin.query<BootProfileView[]>('bootProfiles.list');
    const view = list.data?.find((row) => row.name === profile);
    expect(view).toMatchObject({
      installer: 'image',
      problem: null,
      imageFormat: 'raw',
      imageBytes: image.length,
      imageSha256: sha(image),
      updatedBy: 'admin',
    });
    expect(view?.files).toEqual([
      { role: 'kernel', path: `${run}/vmlinuz`, size: kernel.length, sha256: sha(kernel) },
      { role: 'initrd', path: `${run}/sub/initrd.img`, size: initrd.length, sha256: sha(initrd) },
      { role: 'image', path: `${run}/os.img`, size: image.length, sha256: sha(image) },
    ]);
    const audit = await fixture.db.auditEntry.findMany({ where: { action: 'bootProfiles.save' } });
    expect(audit.length).toBeGreaterThan(0);
  });

  it('serves its files whole, with Content-Length and an ETag', async () => {
    const response = await fetch(`${fixture.server.url}/boot/assets/${profile}/${run}/sub/initrd.img`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(initrd.length));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    etag = response.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    expect(Buffer.from(await response.arrayBuffer()).equals(initrd)).toBe(true);
  });

  it('answers a Range with 206 and those bytes, and If-None-Match with 304', async () => {
    const url = `${fixture.server.url}/boot/assets/${profile}/${run}/os.img`;
    const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${image.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(image.subarray(1000, 2000))).toBe(true);
    const initrdUrl = `${fixture.server.url}/boot/assets/${profile}/${run}/sub/initrd.img`;
    expect(await statusOf(initrdUrl, { 'if-none-match': etag })).toBe(304);
    expect(await statusOf(initrdUrl, { 'if-none-match': 'W/"other"' })).toBe(200);
    const beyond = await fetch(url, { headers: { range: `bytes=${image.length + 10}-` } });
    expect(beyond.status).toBe(416);
  });

  it('serves nothing else: other files, other profiles, escapes', async () => {
    for (const path of [
      `${profile}/${run}/escape`,
      `${name('none')}/${run}/vmlinuz`,
      `${profile}/%2e%2e/${run}/vmlinuz`,
      `${profile}/%2Fetc%2Fpasswd`,
    ]) {
      const response = await fetch(`${fixture.server.url}/boot/assets/${path}`);
      expect(response.status, path).toBe(404);
    }
  });

  it('stops serving a file changed on disk and reports the profile unusable, naming the file', async () => {
    await writeFile(join(assetsDir, run, 'vmlinuz'), randomBytes(kernel.length));
    const url = `${fixture.server.url}/boot/assets/${profile}/${run}/vmlinuz`;
    expect((await fetch(url)).status).toBe(404);
    await eventually(async () => {
      const list = await fixture.admin.query<BootProfileView[]>('bootProfiles.list');
      expect(list.data?.find((row) => row.name === profile)?.problem).toContain(
        `kernel ${run}/vmlinuz does not match its checksum`,
      );
    }, 15_000);
    // The profile's other files are not served either while it is unusable.
    expect((await fetch(`${fixture.server.url}/boot/assets/${profile}/${run}/os.img`)).status).toBe(404);
  });

  it('is deleted by bootProfiles.delete', async () => {
    const reply = await fixture.admin.mutate('bootProfiles.delete', { name: profile });
    expect(reply.data).toEqual({ status: 'done' });
    expect(await rowsNamed(profile)).toBe(0);
  });
});
