// The boot route's downloads through the asset server (asset-server.ts, boot-asset-server/main.go), with
// curl as the client, as iPXE and busybox wget are: the route redirects to a signed link, and the link
// answers whole files, Range and If-None-Match; a file changed after the route checked it is refused and
// rechecked, an unknown file is a 404, a tampered link a 403, another replica serves the link (the key is
// shared), a file outside the store is never opened, a download that stops moving is cut, and one under
// way when the service stops finishes.
// A real boot service on the test PostgreSQL, on 127.0.0.1.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { freePort } from '../../tools/testenv/free-port';
import { testAssetServer } from '../../tools/testenv/test-asset-server';
import { createDbClient } from '../db/client';
import { InformerSet } from '../kube/informer-set';
import { assetEtag } from './asset-link';
import { BootService } from './boot-service';

const run = promisify(execFile);
const IDLE_MS = 1_500;
/** Low, so that a test can fill it. */
const MAX_CONNECTIONS = 4;
const profile = `t-assets-${randomBytes(3).toString('hex')}`;
const dir = await mkdtemp(join(tmpdir(), 'rackpilot-asset-server-'));
const db = createDbClient(process.env.DATABASE_URL ?? '');
const kernel = randomBytes(100_000);
const initrd = randomBytes(300_000);
// Larger than what loopback sockets buffer, so that a client that stops reading stalls the server.
const image = randomBytes(48 * 2 ** 20);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
let boot: BootService;
let server: Server;
let base = '';

beforeAll(async () => {
  await mkdir(join(dir, 'set'));
  await writeFile(join(dir, 'set', 'vmlinuz'), kernel);
  await writeFile(join(dir, 'set', 'initrd.img'), initrd);
  await writeFile(join(dir, 'set', 'os.img'), image);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  boot = new BootService({
    db,
    informers: new InformerSet(new KubeConfig(), []),
    log: (line) => {
      console.log(`[boot] ${line}`);
    },
    rate: { perSecond: 1000, burst: 1000 },
    assetsDir: dir,
    assetServer: testAssetServer({ idleMs: IDLE_MS, maxConnections: MAX_CONNECTIONS }),
    bootUrl: base,
  });
  await boot.start();
  server = createServer(boot.handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await boot.profiles.save(
    {
      name: profile,
      installer: 'image',
      kernel: 'set/vmlinuz',
      initrds: ['set/initrd.img'],
      image: 'set/os.img',
      imageSha256: sha(image),
    },
    'asset server test',
  );
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await boot.stop();
  await boot.profiles.remove(profile);
  await db.$disconnect();
  await rm(dir, { recursive: true, force: true });
});

const url = (file: string) => `${base}/boot/assets/${profile}/${file}`;

interface Curl {
  status: number;
  redirects: number;
  /** Where the body came from: the last URL asked. */
  from: string;
  headers: string;
  body: Buffer;
}

/** One download by curl, following redirects as iPXE does; the last response's headers and body. */
async function curl(target: string, ...args: string[]): Promise<Curl> {
  const out = join(dir, `curl-${randomBytes(4).toString('hex')}`);
  const headers = `${out}.headers`;
  const { stdout } = await run('curl', [
    '-sS',
    '-L',
    '-o',
    out,
    '-D',
    headers,
    '-w',
    '%{http_code} %{num_redirects} %{url_effective}',
    ...args,
    target,
  ]);
  const [status, redirects, from] = stdout.split(' ');
  const all = await readFile(headers, 'utf8');
  const body = await readFile(out).catch(() => Buffer.alloc(0));
  await rm(out, { force: true });
  await rm(headers, { force: true });
  // -D writes every response's headers; the last block is the asset server's.
  return {
    status: Number(status),
    redirects: Number(redirects),
    from: from ?? '',
    headers: all.split(/\r\n\r\n(?=HTTP\/)/).at(-1) ?? '',
    body,
  };
}

const header = (reply: Curl, name: string) => new RegExp(`^${name}: (.*)\\r$`, 'im').exec(reply.headers)?.[1];

describe('the boot route through the asset server', () => {
  it('redirects once to a signed link on the asset server, which sends the whole file', async () => {
    const reply = await curl(url('set/os.img'));
    expect(reply.status).toBe(200);
    expect(reply.redirects).toBe(1);
    expect(new URL(reply.from).origin).not.toBe(base);
    expect(new URL(reply.from).pathname).toMatch(/^\/a\/[\w-]+\.[\w-]+\/os\.img$/);
    expect(header(reply, 'content-length')).toBe(String(image.length));
    expect(header(reply, 'accept-ranges')).toBe('bytes');
    expect(header(reply, 'etag')).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(reply.body.equals(image)).toBe(true);
  });

  it('answers a Range with 206 and those bytes, and one beyond the end with 416', async () => {
    const part = await curl(url('set/initrd.img'), '-r', '1000-1999');
    expect(part.status).toBe(206);
    expect(header(part, 'content-range')).toBe(`bytes 1000-1999/${initrd.length}`);
    expect(part.body.equals(initrd.subarray(1000, 2000))).toBe(true);
    const beyond = await curl(url('set/initrd.img'), '-H', `Range: bytes=${initrd.length + 10}-`);
    expect(beyond.status).toBe(416);
  });

  it('answers If-None-Match with the ETag with 304, another with the file', async () => {
    const etag = header(await curl(url('set/vmlinuz')), 'etag') ?? '';
    const same = await curl(url('set/vmlinuz'), '-H', `If-None-Match: ${etag}`);
    expect(same.status).toBe(304);
    expect(same.body.length).toBe(0);
    const other = await curl(url('set/vmlinuz'), '-H', 'If-None-Match: W/"other"');
    expect(other.status).toBe(200);
    expect(other.body.equals(kernel)).toBe(true);
  });

  it('answers a HEAD with the length and no body', async () => {
    const head = await curl(url('set/os.img'), '-I');
    expect(head.status).toBe(200);
    expect(header(head, 'content-length')).toBe(String(image.length));
  });

  it('is a 404 for a file no usable profile names, and a 403 for a link not signed here', async () => {
    expect((await curl(url('set/other.img'))).status).toBe(404);
    expect((await curl(`${base}/boot/assets/t-none-${profile}/set/vmlinuz`)).status).toBe(404);
    const { from } = await curl(url('set/vmlinuz'));
    const [payload = '', signature = ''] = (new URL(from).pathname.split('/')[2] ?? '').split('.');
    const forged = Buffer.from(payload, 'base64url').toString().replace('vmlinuz', 'os.img');
    const tampered = new URL(from);
    tampered.pathname = `/a/${Buffer.from(forged).toString('base64url')}.${signature}/os.img`;
    expect((await curl(tampered.href)).status).toBe(403);
  });

  it("serves another replica's link: the key is shared through the database", async () => {
    const other = new BootService({
      db,
      informers: new InformerSet(new KubeConfig(), []),
      log: () => undefined,
      assetsDir: dir,
      assetServer: testAssetServer(),
      bootUrl: base,
    });
    await other.start();
    try {
      // The link this replica's route signed, asked of the other replica's asset server.
      const link = new URL((await redirectOf(url('set/initrd.img'))) ?? '');
      const { size, mtimeMs } = await stat(join(dir, 'set', 'initrd.img'));
      const ticket = { profile, role: 'initrd' as const, path: '', size, mtimeMs, etag: '' };
      link.port = new URL(await other.assets.link(ticket)).port;
      expect(link.port).not.toBe(new URL((await redirectOf(url('set/initrd.img'))) ?? '').port);
      const reply = await curl(link.href);
      expect(reply.status).toBe(200);
      expect(reply.body.equals(initrd)).toBe(true);
    } finally {
      await other.stop();
    }
  });

  it('opens nothing outside the asset store, even for a link signed with the key', async () => {
    const outside = join(tmpdir(), `rackpilot-outside-${randomBytes(3).toString('hex')}`);
    await writeFile(outside, 'not for hosts');
    try {
      const { size, mtimeMs } = await stat(outside);
      const link = await boot.assets.link({
        profile,
        role: 'image',
        path: outside,
        size,
        mtimeMs,
        etag: assetEtag(size, mtimeMs),
      });
      expect((await curl(link)).status).toBe(404);
    } finally {
      await rm(outside, { force: true });
    }
  });

  it('cuts a download that moves nothing for the idle time', async () => {
    const link = new URL((await redirectOf(url('set/os.img'))) ?? '');
    const socket = connect(Number(link.port), '127.0.0.1');
    socket.write(`GET ${link.pathname} HTTP/1.1\r\nHost: ${link.host}\r\n\r\n`);
    socket.pause();
    // The server's buffers fill and its sendfile stalls; after the idle time it closes the connection.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 3));
    let received = 0;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.on('error', () => undefined);
    socket.resume();
    await closed;
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(image.length);
  }, 30_000);

  it('holds at most its bound of connections: one past it waits until the idle ones are cut', async () => {
    const link = new URL((await redirectOf(url('set/vmlinuz'))) ?? '');
    const port = Number(link.port);
    const silent = Array.from({ length: MAX_CONNECTIONS }, () => connect(port, '127.0.0.1'));
    for (const socket of silent) socket.on('error', () => undefined);
    await Promise.all(silent.map((socket) => new Promise((resolve) => socket.once('connect', resolve))));
    const started = Date.now();
    const asking = connect(port, '127.0.0.1');
    asking.on('error', () => undefined);
    const answered = new Promise<number>((resolve) =>
      asking.once('data', () => {
        resolve(Date.now() - started);
      }),
    );
    asking.write(`GET ${link.pathname} HTTP/1.1\r\nHost: ${link.host}\r\nConnection: close\r\n\r\n`);
    // Answered only after the silent ones sat out the idle time and were cut, not at once.
    expect(await answered).toBeGreaterThanOrEqual(IDLE_MS / 2);
    for (const socket of [...silent, asking]) socket.destroy();
  }, 30_000);

  it('refuses a file changed after the route signed its link, and checks the profile again', async () => {
    const link = await redirectOf(url('set/vmlinuz'));
    expect(link).toBeDefined();
    await writeFile(join(dir, 'set', 'vmlinuz'), randomBytes(kernel.length));
    expect((await curl(link ?? '')).status).toBe(404);
    await eventually(
      () => expect(boot.profiles.get(profile)?.problem).toContain('does not match its checksum'),
      10_000,
    );
    // The route refuses the profile's files too, now that it is unusable.
    expect((await curl(url('set/os.img'))).status).toBe(404);
  });

  // Last: it stops the asset server.
  it('lets a download under way finish when the boot service stops, and starts no new one', async () => {
    // The kernel the test before changed, back as it was saved: the profile is usable again.
    await writeFile(join(dir, 'set', 'vmlinuz'), kernel);
    await boot.profiles.recheck(profile);
    expect(boot.profiles.get(profile)?.problem).toBeUndefined();
    const slow = curl(url('set/os.img'), '--limit-rate', '24M');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await boot.assets.stop();
    const reply = await slow;
    expect(reply.status).toBe(200);
    expect(reply.body.equals(image)).toBe(true);
    expect((await curl(url('set/vmlinuz'))).status).toBe(503);
  }, 30_000);
});

/** The route's redirect target, without following it. */
async function redirectOf(target: string): Promise<string | undefined> {
  const response = await fetch(target, { redirect: 'manual' });
  expect(response.status).toBe(307);
  return response.headers.get('location') ?? undefined;
}
