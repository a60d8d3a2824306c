import { describe, expect, it } from 'vitest';
import { loadOrder, modinfoDepends, moduleName } from './kernel-modules';

/** A module's bytes as far as the parser cares: some ELF, then NUL-separated modinfo strings. */
const moduleBytes = (...modinfo: string[]) =>
  Buffer.concat([Buffer.from('\x7fELF\0\0junk'), Buffer.from(`\0${modinfo.join('\0')}\0`)]);

describe('modinfoDepends', () => {
  it('reads the depends= list, spelling names with underscores', () => {
    expect(modinfoDepends(moduleBytes('license=GPL', 'depends=net_failover,virtio-ring', 'name=x'))).toEqual([
      'net_failover',
      'virtio_ring',
    ]);
  });

  it('is empty for a module with no dependencies or no depends string', () => {
    expect(modinfoDepends(moduleBytes('depends=', 'name=virtio_ring'))).toEqual([]);
    expect(modinfoDepends(moduleBytes('name=virtio_ring'))).toEqual([]);
  });
});

describe('loadOrder', () => {
  const graph: Record<string, string[]> = {
    virtio_net: ['net_failover', 'virtio', 'virtio_ring'],
    net_failover: ['failover'],
    virtio_blk: ['virtio', 'virtio_ring'],
    virtio: [],
    virtio_ring: [],
    failover: [],
  };
  const dependsOf = (name: string) => graph[name] ?? [];

  it('puts every dependency before its user, each module once', () => {
    expect(loadOrder(['virtio_net', 'virtio-blk'], dependsOf)).toEqual([
      'failover',
      'net_failover',
      'virtio',
      'virtio_ring',
      'virtio_net',
      'virtio_blk',
    ]);
  });

  it('refuses a circle', () => {
    expect(() => loadOrder(['a'], (name) => (name === 'a' ? ['b'] : ['a']))).toThrow(/circle: a/);
  });

  it('names modules as the kernel does', () => {
    expect(moduleName('virtio-blk.ko')).toBe('virtio_blk');
  });
});
