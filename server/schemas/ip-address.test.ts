import { describe, expect, it } from 'vitest';
import { addressInCidr, cidrContains, compareIps, isCidr, isIp, parseCidr, parseIp } from './ip-address';

describe('isIp, as the API server parses addresses', () => {
  it.each([
    ['10.89.0.1', true],
    ['0.0.0.0', true],
    ['255.255.255.255', true],
    ['fd2e:6f44:5dd8:c956::2', true],
    ['::1', true],
    ['010.89.0.1', false],
    ['10.89.0', false],
    ['10.89.0.256', false],
    ['0x0a.0.0.1', false],
    ['10', false],
    ['fe80::1%eth0', false],
    ['::ffff:10.0.0.1', false],
    ['', false],
    ['mariadb.example.com', false],
  ])('%s → %s', (text, valid) => {
    expect(isIp(text)).toBe(valid);
  });
});

describe('isCidr', () => {
  it.each([
    ['10.89.0.0/24', true],
    ['10.89.0.1/24', true],
    ['0.0.0.0/0', true],
    ['fd2e:6f44:5dd8:c956::/64', true],
    ['172.22.0.0/33', false],
    ['172.22.0.0/024', false],
    ['172.22.0.0', false],
    ['172.22.0.0/', false],
    ['::/129', false],
  ])('%s → %s', (text, valid) => {
    expect(isCidr(text)).toBe(valid);
  });
});

function ip(text: string) {
  const parsed = parseIp(text);
  if (!parsed) throw new Error(`not an IP: ${text}`);
  return parsed;
}

function cidr(text: string) {
  const parsed = parseCidr(text);
  if (!parsed) throw new Error(`not a CIDR: ${text}`);
  return parsed;
}

describe('cidrContains ignores host bits in the CIDR, as netip.Prefix.Contains', () => {
  it.each([
    ['10.89.0.1/24', '10.89.0.100', true],
    ['10.89.0.1/24', '10.89.1.1', false],
    ['10.89.0.0/23', '10.89.1.255', true],
    ['10.89.0.0/25', '10.89.0.128', false],
    ['0.0.0.0/0', '192.0.2.1', true],
    ['fd2e:6f44:5dd8:c956::/120', 'fd2e:6f44:5dd8:c956::ff', true],
    ['fd2e:6f44:5dd8:c956::/120', 'fd2e:6f44:5dd8:c956::1:0', false],
    ['10.0.0.0/8', 'fd2e::1', false],
  ])('%s contains %s → %s', (network, address, contained) => {
    expect(cidrContains(cidr(network), ip(address))).toBe(contained);
  });
});

describe('compareIps', () => {
  it('orders by value, not by text', () => {
    expect(compareIps(ip('10.89.0.9'), ip('10.89.0.10'))).toBeLessThan(0);
    expect(compareIps(ip('10.89.0.100'), ip('10.89.0.20'))).toBeGreaterThan(0);
    expect(compareIps(ip('fd2e::1:0'), ip('fd2e::ff'))).toBeGreaterThan(0);
    expect(compareIps(ip('10.0.0.1'), ip('10.0.0.1'))).toBe(0);
  });
});

describe('addressInCidr', () => {
  it.each([
    ['10.89.0.1/24', 10, '10.89.0.10'],
    ['10.89.0.1/24', -1, '10.89.0.255'],
    ['10.89.0.1/24', -2, '10.89.0.254'],
    ['10.89.0.0/23', 300, '10.89.1.44'],
    ['10.89.0.0/22', -2, '10.89.3.254'],
    ['fd2e:6f44:5dd8:c956::/64', 10, 'fd2e:6f44:5dd8:c956::a'],
    ['fd2e:6f44:5dd8:c956::/120', -2, 'fd2e:6f44:5dd8:c956::fe'],
  ])('%s offset %d → %s', (network, offset, expected) => {
    expect(addressInCidr(cidr(network), offset)).toBe(expected);
  });
});
