import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SetupError } from '../setup-error';
import {
  assetEtag,
  assetOrigin,
  assetServerEvent,
  LINK_LIFETIME_MS,
  signedAssetLink,
  type AssetTicket,
} from './asset-link';
import { AssetServer } from './asset-server';

const ticket: AssetTicket = {
  profile: 'demo-image',
  role: 'image',
  path: '/srv/assets/demo image/disk.img',
  size: 4096,
  mtimeMs: 1_765_000_000_123.5,
  etag: assetEtag(4096, 1_765_000_000_123.5),
};

describe('signedAssetLink', () => {
  const key = Buffer.alloc(32, 7);

  it('carries the ticket with its expiry, signed with the key, and names the file last', () => {
    const link = new URL(signedAssetLink('http://10.0.0.5:3001', key, ticket, 1_000));
    const [, , signed, name] = link.pathname.split('/');
    const [payload = '', signature] = (signed ?? '').split('.');
    expect(link.origin).toBe('http://10.0.0.5:3001');
    expect(name).toBe('disk.img');
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))).toEqual({
      ...ticket,
      expires: 1_000 + LINK_LIFETIME_MS,
    });
    expect(signature).toBe(createHmac('sha256', key).update(payload).digest('base64url'));
  });

  it('signs differently with another key or at another time', () => {
    const first = signedAssetLink('http://h', key, ticket, 1_000);
    expect(signedAssetLink('http://h', Buffer.alloc(32, 8), ticket, 1_000)).not.toBe(first);
    expect(signedAssetLink('http://h', key, ticket, 2_000)).not.toBe(first);
  });
});

describe('assetOrigin', () => {
  it.each([
    [
      'the boot URL’s host on the asset port, over http',
      'https://boot.example:3000/boot.ipxe',
      3001,
      undefined,
      'http://boot.example:3001',
    ],
    ['an IPv6 boot host', 'http://[fd00::5]:3000', 3001, undefined, 'http://[fd00::5]:3001'],
    [
      'the configured URL when TLS or a proxy is in front',
      'http://10.0.0.5:3000',
      3001,
      'https://assets.example',
      'https://assets.example',
    ],
  ])('%s', (_case, bootUrl, port, url, expected) => {
    expect(assetOrigin(bootUrl, port, url)).toBe(expected);
  });
});

describe('assetServerEvent', () => {
  it.each([
    ['{"event":"listening","port":3001}', { event: 'listening', port: 3001 }],
    [
      '{"event":"fetched","profile":"p","role":"kernel","address":"10.0.0.9"}',
      { event: 'fetched', profile: 'p', role: 'kernel', address: '10.0.0.9' },
    ],
    ['{"event":"changed","profile":"p"}', { event: 'changed', profile: 'p' }],
    ['{"event":"fetched","profile":"p","role":"firmware","address":"x"}', undefined],
    ['{"event":"listening","port":"3001"}', undefined],
    ['panic: runtime error', undefined],
    ['', undefined],
  ])('%s', (line, expected) => {
    expect(assetServerEvent(line)).toEqual(expected);
  });
});

describe('assetEtag', () => {
  it('is the size and whole-millisecond mtime in hex, weak', () => {
    expect(assetEtag(4096, 255.9)).toBe('W/"1000-ff"');
  });
});

describe('AssetServer.start', () => {
  const server = (binary: string | undefined) =>
    new AssetServer(
      { binary, port: 0, url: undefined, host: '127.0.0.1' },
      '/srv/assets',
      'http://127.0.0.1:3000',
      () => Promise.reject(new Error('no key in a unit test')),
      { fetched: () => undefined, changed: () => undefined },
      () => undefined,
    );

  it('refuses to start without the program, naming the setting', async () => {
    await expect(server(undefined).start()).rejects.toThrow(
      new SetupError(
        'RACKPILOT_BOOT_ASSET_SERVER is not set: the boot service sends its assets through the boot-asset-server program (npm start and the tests build it; the image has it at /app/bin/boot-asset-server)',
      ),
    );
  });

  it('refuses a path that is not an executable file', async () => {
    await expect(server('/nonexistent/boot-asset-server').start()).rejects.toThrow(
      'RACKPILOT_BOOT_ASSET_SERVER=/nonexistent/boot-asset-server is not an executable file',
    );
  });
});
