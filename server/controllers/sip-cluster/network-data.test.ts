import { describe, expect, it } from 'vitest';
import { addressOnNetwork, parseNetworkData, readHostNetworks } from './network-data';
import { host, hostIp, networkDataJson, NS, secret, secretLookup } from './test-fixtures';

const yamlDocument = `
links:
  - id: bond0
    type: bond
networks:
  - id: oam-ipv4
    type: ipv4
    link: bond0.41
    ip_address: 32.68.51.139
    netmask: 255.255.255.128
  - id: pxe-ipv4
    type: ipv4_dhcp
    link: eno3
`;

describe('parseNetworkData', () => {
  it.each<{ name: string; text: string; result: Record<string, string | undefined> | string }>([
    { name: 'JSON', text: networkDataJson(7), result: { 'oam-ipv4': hostIp(7), 'pxe-ipv4': '172.3.3.7' } },
    { name: 'YAML', text: yamlDocument, result: { 'oam-ipv4': '32.68.51.139', 'pxe-ipv4': undefined } },
    { name: 'YAML flow style', text: '{networks: [{id: a, ip_address: 1.2.3.4}]}', result: { a: '1.2.3.4' } },
    { name: 'empty networks', text: '{"networks": []}', result: {} },
    {
      name: 'first of duplicated ids',
      text: '{"networks": [{"id": "a", "ip_address": "1.1.1.1"}, {"id": "a", "ip_address": "2.2.2.2"}]}',
      result: { a: '1.1.1.1' },
    },
    { name: 'malformed', text: '{"networks": [', result: 'is neither JSON nor YAML' },
    { name: 'tab-indented garbage', text: 'a:\n\t- b: [', result: 'is neither JSON nor YAML' },
    { name: 'a scalar', text: '"just text"', result: 'is not an object' },
    { name: 'a list', text: '[1, 2]', result: 'is not an object' },
    { name: 'no networks', text: '{"links": []}', result: 'has no networks list' },
    { name: 'networks not a list', text: '{"networks": {"id": "a"}}', result: 'has no networks list' },
    {
      name: 'network without id',
      text: '{"networks": [{"ip_address": "1.1.1.1"}]}',
      result: 'networks[0] has no id',
    },
    {
      name: 'numeric ip_address',
      text: '{"networks": [{"id": "a", "ip_address": 5}]}',
      result: 'networks[0] (a) has a non-string ip_address',
    },
  ])('$name', ({ text, result }) => {
    const parsed = parseNetworkData(text);
    if (typeof result === 'string') {
      expect(parsed).toEqual({ ok: false, error: result });
    } else {
      expect(parsed.ok && Object.fromEntries(parsed.value)).toEqual(result);
    }
  });
});

describe('readHostNetworks and addressOnNetwork', () => {
  const withNamespace = host(1);
  const sameNamespace = host(2);
  sameNamespace.spec.networkData = { name: 'node02-network-data' };
  const secrets = secretLookup([
    secret(NS, 'node01-network-data', { networkData: networkDataJson(1) }),
    secret(NS, 'node02-network-data', { networkData: yamlDocument }),
    secret(NS, 'node03-network-data', { other: 'x' }),
    secret(NS, 'node04-network-data', { networkData: 'networks: [' }),
  ]);

  it.each<{ name: string; n: number; network: string; result: string }>([
    { name: 'JSON, explicit namespace', n: 1, network: 'oam-ipv4', result: 'ip 10.23.0.1' },
    { name: 'YAML', n: 2, network: 'oam-ipv4', result: 'ip 32.68.51.139' },
    {
      name: 'network without ip_address',
      n: 2,
      network: 'pxe-ipv4',
      result: `network pxe-ipv4 in networkData Secret ${NS}/node02-network-data has no ip_address`,
    },
    {
      name: 'missing network id',
      n: 1,
      network: 'storage-ipv4',
      result: `no network storage-ipv4 in networkData Secret ${NS}/node01-network-data`,
    },
    {
      name: 'missing key',
      n: 3,
      network: 'oam-ipv4',
      result: `networkData Secret ${NS}/node03-network-data has no key networkData`,
    },
    {
      name: 'malformed',
      n: 4,
      network: 'oam-ipv4',
      result: `networkData in Secret ${NS}/node04-network-data is neither JSON nor YAML`,
    },
    {
      name: 'missing secret',
      n: 5,
      network: 'oam-ipv4',
      result: `networkData Secret ${NS}/node05-network-data not found`,
    },
  ])('$name', ({ n, network, result }) => {
    const bmh = n === 1 ? withNamespace : n === 2 ? sameNamespace : host(n);
    const networks = readHostNetworks(bmh, secrets);
    const address = networks.ok ? addressOnNetwork(networks.value, network) : networks;
    expect(address.ok ? `ip ${address.value}` : address.error).toBe(result);
  });

  it('reads the Secret from the namespace the reference names', () => {
    const bmh = host(1);
    bmh.spec.networkData = { name: 'shared-network-data', namespace: 'infra' };
    const lookup = secretLookup([
      secret('infra', 'shared-network-data', { networkData: networkDataJson(9) }),
    ]);
    const networks = readHostNetworks(bmh, lookup);
    expect(networks.ok && networks.value.source).toBe('infra/shared-network-data');
  });

  it('says when the host has no networkData', () => {
    expect(readHostNetworks(host(1, { networkData: false }), secrets)).toEqual({
      ok: false,
      error: 'no spec.networkData',
    });
  });
});
