import { describe, expect, it } from 'vitest';
import type { IronicSpec } from '../types/crds/ironic';
import { ironicSpecProblems } from './ironic-spec-rules';

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICR9yyVYlNW7MKMcwStmGY7N+qJy2kJ6/pNgH/h3kiWz ironic-debug';
const MESSAGE =
  'spec.ramdiskSSHKey must be one line without double quotes: the ramdisk receives it as a quoted kernel parameter';

function dhcp(
  ipAddress: string | undefined,
  network: Partial<NonNullable<NonNullable<IronicSpec['networking']>['dhcp']>>,
): IronicSpec {
  return {
    networking: {
      ...(ipAddress === undefined ? {} : { ipAddress }),
      dhcp: { networkCIDR: '10.89.0.0/24', rangeBegin: '10.89.0.10', rangeEnd: '10.89.0.100', ...network },
    },
  };
}

describe('ironicSpecProblems: the CRD rules, with their messages', () => {
  it.each<[string, IronicSpec, string[]]>([
    ['an empty spec', {}, []],
    ['the acceptance example', dhcp('10.89.0.1', { networkCIDR: '10.89.0.1/24' }), []],
    [
      'an IPv6 network',
      dhcp('fd2e::2', { networkCIDR: 'fd2e::/120', rangeBegin: 'fd2e::a', rangeEnd: 'fd2e::ff' }),
      [],
    ],
    ['a one-address range', dhcp('10.89.0.1', { rangeBegin: '10.89.0.50', rangeEnd: '10.89.0.50' }), []],
    [
      'no range (the controller fills it in)',
      dhcp('10.89.0.1', { rangeBegin: undefined, rangeEnd: undefined }),
      [],
    ],
    [
      'a range ending outside the CIDR',
      dhcp('10.89.0.1', { rangeEnd: '10.89.1.100' }),
      ['spec.networking.dhcp.rangeEnd must be inside spec.networking.dhcp.networkCIDR'],
    ],
    [
      'a range starting outside the CIDR',
      dhcp('10.89.0.1', { rangeBegin: '10.88.0.10' }),
      ['spec.networking.dhcp.rangeBegin must be inside spec.networking.dhcp.networkCIDR'],
    ],
    [
      'a reversed range (compared as numbers: .100 > .20)',
      dhcp('10.89.0.1', { rangeBegin: '10.89.0.100', rangeEnd: '10.89.0.20' }),
      ['spec.networking.dhcp.rangeBegin must not be greater than spec.networking.dhcp.rangeEnd'],
    ],
    [
      'a reversed IPv6 range',
      dhcp('fd2e::2', { networkCIDR: 'fd2e::/64', rangeBegin: 'fd2e::1:0', rangeEnd: 'fd2e::ff' }),
      ['spec.networking.dhcp.rangeBegin must not be greater than spec.networking.dhcp.rangeEnd'],
    ],
    [
      'the provisioning IP outside the network',
      dhcp('10.90.0.1', {}),
      ['spec.networking.ipAddress must be inside spec.networking.dhcp.networkCIDR'],
    ],
    [
      'DHCP without ipAddress',
      dhcp(undefined, {}),
      ['spec.networking.dhcp requires spec.networking.ipAddress'],
    ],
    [
      'a bad CIDR',
      dhcp('10.89.0.1', { networkCIDR: '10.89.0.0/33' }),
      ['spec.networking.dhcp.networkCIDR must be a valid IPv4 or IPv6 CIDR'],
    ],
    [
      'a bad range address',
      dhcp('10.89.0.1', { rangeBegin: '10.89.0.300' }),
      ['spec.networking.dhcp.rangeBegin must be a valid IPv4 or IPv6 address'],
    ],
    [
      'dnsAddress with serveDNS',
      dhcp('10.89.0.1', { dnsAddress: '10.89.0.1', serveDNS: true }),
      ['spec.networking.dhcp.dnsAddress cannot be set together with spec.networking.dhcp.serveDNS'],
    ],
    [
      'a host name as ipAddress',
      { networking: { ipAddress: 'ironic.example.com' } },
      ['spec.networking.ipAddress must be a valid IPv4 or IPv6 address'],
    ],
    [
      'keepalived without interface',
      { networking: { ipAddress: '10.89.0.1', ipAddressManager: 'keepalived' } },
      [
        'spec.networking.ipAddressManager keepalived requires spec.networking.ipAddress and spec.networking.interface',
      ],
    ],
    [
      'high availability without database',
      { highAvailability: true },
      ['spec.databaseRef is required when spec.highAvailability is true'],
    ],
    ['a valid SSH key', { ramdiskSSHKey: KEY }, []],
    ['a placeholder, as upstream README has it', { ramdiskSSHKey: '<YOUR SSH PUBLIC KEY HERE>' }, []],
    ['a key with a trailing newline', { ramdiskSSHKey: `${KEY}\n` }, []],
    ['a double quote, which would end the kernel parameter', { ramdiskSSHKey: 'ssh-ed25519 "x"' }, [MESSAGE]],
    ['two SSH keys', { ramdiskSSHKey: `${KEY}\n${KEY}` }, [MESSAGE]],
  ])('%s', (_, spec, messages) => {
    expect(ironicSpecProblems(spec).map((p) => p.message)).toEqual(messages);
  });

  it('names the offending field', () => {
    expect(ironicSpecProblems(dhcp('10.89.0.1', { rangeEnd: '10.89.1.100' }))[0]?.field).toBe(
      'spec.networking.dhcp.rangeEnd',
    );
  });
});
