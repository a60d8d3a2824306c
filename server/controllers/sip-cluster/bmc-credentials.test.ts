import { describe, expect, it } from 'vitest';
import { bmcHostOf, readBmcAccess } from './bmc-credentials';
import { host, NS, secret, secretLookup } from './test-fixtures';

describe('bmcHostOf', () => {
  it.each<[string, string | undefined]>([
    ['redfish+https://10.0.0.1/redfish/v1/Systems/1', '10.0.0.1'],
    ['redfish://10.0.0.2:8000/redfish/v1/Systems/1', '10.0.0.2'],
    ['ipmi://192.168.1.1:623', '192.168.1.1'],
    ['ipmi://192.168.1.1', '192.168.1.1'],
    ['idrac-virtualmedia+https://bmc.example.org/redfish/v1/Systems/System.Embedded.1', 'bmc.example.org'],
    ['redfish-virtualmedia://[fd00::1]:8000/redfish/v1/Systems/1', 'fd00::1'],
    ['https://10.0.0.3', '10.0.0.3'],
    ['192.168.1.9', '192.168.1.9'],
    ['192.168.1.9:623', '192.168.1.9'],
    ['ipmi://', undefined],
    ['', undefined],
  ])('%s → %s', (address, expected) => {
    expect(bmcHostOf(address)).toBe(expected);
  });
});

describe('readBmcAccess', () => {
  it.each<{ name: string; data?: Record<string, string>; result: string }>([
    { name: 'both keys', data: { username: 'root', password: 'calvin' }, result: '10.0.0.1 root calvin' },
    {
      name: 'extra keys are fine',
      data: { username: 'a', password: 'b', token: 'c' },
      result: '10.0.0.1 a b',
    },
    { name: 'missing secret', result: `BMC credentials Secret ${NS}/node01-bmc-credentials not found` },
    {
      name: 'missing username',
      data: { password: 'calvin' },
      result: `BMC credentials Secret ${NS}/node01-bmc-credentials lacks username`,
    },
    {
      name: 'empty password',
      data: { username: 'root', password: '' },
      result: `BMC credentials Secret ${NS}/node01-bmc-credentials lacks password`,
    },
    {
      name: 'neither key',
      data: {},
      result: `BMC credentials Secret ${NS}/node01-bmc-credentials lacks username and password`,
    },
  ])('$name', ({ data, result }) => {
    const bmh = host(1, { bmcAddress: 'redfish+https://10.0.0.1/redfish/v1/Systems/1' });
    const secrets = secretLookup(data ? [secret(NS, 'node01-bmc-credentials', data)] : []);
    const access = readBmcAccess(bmh, secrets);
    expect(
      access.ok ? `${access.value.ip} ${access.value.username} ${access.value.password}` : access.error,
    ).toBe(result);
  });

  it('reads the credentials Secret in the host namespace only', () => {
    const bmh = host(1, { namespace: 'rack-a' });
    const access = readBmcAccess(
      bmh,
      secretLookup([secret(NS, 'node01-bmc-credentials', { username: 'u', password: 'p' })]),
    );
    expect(access).toEqual({
      ok: false,
      error: 'BMC credentials Secret rack-a/node01-bmc-credentials not found',
    });
  });

  it('says when the host has no BMC or an unusable address', () => {
    const bare = host(1);
    delete bare.spec.bmc;
    expect(readBmcAccess(bare, () => undefined)).toEqual({ ok: false, error: 'no spec.bmc' });
    expect(readBmcAccess(host(1, { bmcAddress: 'ipmi://' }), () => undefined)).toEqual({
      ok: false,
      error: 'BMC address "ipmi://" has no host part',
    });
  });
});
