import { describe, expect, it } from 'vitest';
import {
  addressPool,
  addressProblem,
  canonicalIp,
  freeAddresses,
  isPool,
  netmaskOf,
  poolCapacity,
} from './ip-pool';

function pool(spec: Parameters<typeof addressPool>[0]) {
  const result = addressPool(spec);
  if (!isPool(result)) throw new Error(`not a pool: ${JSON.stringify(result)}`);
  return result;
}

describe('address pools', () => {
  it('uses the subnet host addresses without network, broadcast and gateway', () => {
    const subnet = pool({ subnet: '10.0.0.0/29', gateway: '10.0.0.1' });
    expect(poolCapacity(subnet)).toBe(5);
    expect(freeAddresses(subnet, new Set(), 10)).toEqual([
      '10.0.0.2',
      '10.0.0.3',
      '10.0.0.4',
      '10.0.0.5',
      '10.0.0.6',
    ]);
  });

  it('allocates the lowest free addresses of an explicit pool, skipping taken ones', () => {
    const range = pool({
      subnet: '192.168.1.0/24',
      ipPool: { start: '192.168.1.100', end: '192.168.1.104' },
    });
    expect(freeAddresses(range, new Set(['192.168.1.100', '192.168.1.102']), 2)).toEqual([
      '192.168.1.101',
      '192.168.1.103',
    ]);
    expect(
      freeAddresses(
        range,
        new Set(['192.168.1.100', '192.168.1.101', '192.168.1.102', '192.168.1.103', '192.168.1.104']),
        1,
      ),
    ).toEqual([]);
  });

  it('handles IPv6 and canonical spellings', () => {
    const v6 = pool({ subnet: '2001:db8::/126' });
    expect(freeAddresses(v6, new Set(['2001:db8::1']), 5)).toEqual(['2001:db8::2', '2001:db8::3']);
    expect(canonicalIp('2001:0db8:0000::0001')).toBe('2001:db8::1');
    expect(netmaskOf('2001:db8::/64')).toBe('64');
  });

  it.each([
    [{ subnet: 'nope' }, 'subnet nope is not a CIDR'],
    [
      { subnet: '10.0.0.0/24', ipPool: { start: '10.0.0.9', end: '10.0.0.5' } },
      'starts (10.0.0.9) after it ends',
    ],
    [{ subnet: '10.0.0.0/24', ipPool: { start: '10.0.0.9', end: '10.0.1.5' } }, 'is not inside 10.0.0.0/24'],
    [{ subnet: '10.0.0.0/24', gateway: '10.9.0.1' }, 'gateway 10.9.0.1 is not inside'],
  ])('refuses an unusable pool %j', (spec, message) => {
    const result = addressPool(spec);
    expect(result && 'error' in result ? result.error : '').toContain(message);
  });

  it('has no pool without a subnet', () => {
    expect(addressPool({})).toBeUndefined();
  });

  it.each([
    ['10.0.0.21', undefined],
    ['10.0.1.21', "not inside the cluster's subnet 10.0.0.0/24"],
    ['10.0.0.0', 'network or broadcast'],
    ['10.0.0.255', 'network or broadcast'],
    ['10.0.0.1', 'gateway'],
    ['10.0.0.300', 'not an IP address'],
  ])('checks %s against the subnet', (ip, problem) => {
    const result = addressProblem({ subnet: '10.0.0.0/24', gateway: '10.0.0.1' }, ip);
    if (problem === undefined) expect(result).toBeUndefined();
    else expect(result).toContain(problem);
  });

  it('gives dotted netmasks for IPv4', () => {
    expect(netmaskOf('10.0.0.0/22')).toBe('255.255.252.0');
    expect(netmaskOf(undefined)).toBe('');
  });
});
