import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FLAVOR_LABEL, RACK_LABEL } from '../../server/schemas/host-labels';
import { DEFAULT_RACK_SETTINGS } from '../../server/schemas/rack-settings';
import { placeHosts } from '../../server/api/racks/rack-layout';
import { LAB_FIRST_SLOT, LAB_NAMESPACE, LAB_RACK_COUNT, labHosts, type LabHost } from './lab-hosts';
import type { LabNetworkData } from './lab-network';
import { generateEd25519SshKey } from '../../server/lib/ssh-key-pair';

// Read as plain JSON: a 5 MB JSON import would make TypeScript infer a type for every key.
const ouiPath = createRequire(import.meta.url).resolve('oui-data');
const oui = JSON.parse(readFileSync(ouiPath, 'utf8')) as Record<string, string>;

function vendorOf(mac: string): string | undefined {
  const hex = mac.replaceAll(':', '').toUpperCase();
  const entry = oui[hex.slice(0, 9)] ?? oui[hex.slice(0, 7)] ?? oui[hex.slice(0, 6)];
  return entry?.split('\n')[0];
}

function decode(data: Record<string, string> | undefined, key: string): string {
  const value = data?.[key];
  if (value === undefined) throw new Error(`secret has no key ${key}`);
  return Buffer.from(value, 'base64').toString('utf8');
}

function networkDataOf(host: LabHost): LabNetworkData {
  return JSON.parse(decode(host.networkDataSecret.data, 'networkData')) as LabNetworkData;
}

/** MACs of a host's physical NICs, from networkData (the inspecting host has no hardware details yet). */
function physicalMacs(host: LabHost): string[] {
  return networkDataOf(host)
    .links.filter((link) => link.type === 'phy')
    .map((link) => link.ethernet_mac_address ?? '');
}

function duplicates(values: string[]): string[] {
  return values.filter((value, i) => values.indexOf(value) !== i);
}

const hosts = labHosts();

describe('labHosts', () => {
  it('describes at least 24 hosts over four racks with every flavor in each rack', () => {
    expect(hosts.length).toBeGreaterThanOrEqual(24);
    const racks = new Set(hosts.map((host) => host.bareMetalHost.metadata.labels?.[RACK_LABEL]));
    expect([...racks].sort()).toEqual(['rack-1', 'rack-2', 'rack-3', 'rack-4']);
    for (const rack of racks) {
      const flavors = hosts
        .filter((host) => host.bareMetalHost.metadata.labels?.[RACK_LABEL] === rack)
        .map((host) => host.bareMetalHost.metadata.labels?.[FLAVOR_LABEL]);
      expect(flavors.filter((flavor) => flavor === 'control-plane')).toHaveLength(2);
      expect(flavors.filter((flavor) => flavor === 'worker')).toHaveLength(3);
      expect(flavors.filter((flavor) => flavor === 'storage')).toHaveLength(1);
    }
  });

  it('stacks each rack upwards from LAB_FIRST_SLOT without sharing a unit, with slot and height labels', () => {
    for (let rack = 1; rack <= LAB_RACK_COUNT; rack++) {
      const placed = placeHosts(
        hosts
          .filter((host) => host.rack === rack)
          .map((host) => ({
            key: host.name,
            rack: host.bareMetalHost.metadata.labels?.[RACK_LABEL],
            slot: host.bareMetalHost.metadata.labels?.[DEFAULT_RACK_SETTINGS.slotKey],
            height: host.bareMetalHost.metadata.labels?.[DEFAULT_RACK_SETTINGS.heightKey],
          })),
        DEFAULT_RACK_SETTINGS.units,
      );
      expect(placed).toHaveLength(1);
      expect(placed[0]?.tray).toEqual([]);
      expect(placed[0]?.placed.map((host) => [host.slot, host.height, host.problems])).toEqual([
        [LAB_FIRST_SLOT, 1, []],
        [LAB_FIRST_SLOT + 1, 1, []],
        [LAB_FIRST_SLOT + 2, 1, []],
        [LAB_FIRST_SLOT + 3, 1, []],
        [LAB_FIRST_SLOT + 4, 1, []],
        [LAB_FIRST_SLOT + 5, 2, []],
      ]);
    }
  });

  it('names, labels and references follow the lab conventions', () => {
    for (const { name, bareMetalHost, bmcSecret, networkDataSecret } of hosts) {
      expect(name).toMatch(/^r[1-4]-(cp|wk|st)-0\d$/);
      expect(bareMetalHost.metadata).toMatchObject({ name, namespace: LAB_NAMESPACE });
      expect(bareMetalHost.metadata.labels?.['kubernetes.io/hostname']).toBe(name);
      expect(bareMetalHost.spec.bmc?.credentialsName).toBe(`${name}-bmc-secret`);
      expect(bmcSecret.metadata?.name).toBe(`${name}-bmc-secret`);
      expect(bareMetalHost.spec.networkData).toEqual({
        name: `${name}-network-data`,
        namespace: LAB_NAMESPACE,
      });
      expect(networkDataSecret.metadata?.name).toBe(`${name}-network-data`);
      expect(bareMetalHost.spec.bootMode).toBe('UEFI');
      expect(bareMetalHost.spec.bootMACAddress).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/);
    }
  });

  it('has unique names, MACs and IP addresses', () => {
    expect(duplicates(hosts.map((host) => host.name))).toEqual([]);
    const macs = hosts.flatMap(physicalMacs);
    expect(macs).toHaveLength(hosts.length * 3);
    expect(duplicates(macs)).toEqual([]);
    const ips = hosts.flatMap(({ addresses }) => [addresses.bmc, addresses.oam, addresses.pxe]);
    expect(ips).toHaveLength(hosts.length * 3);
    expect(duplicates(ips)).toEqual([]);
  });

  it('uses MACs whose OUI is registered to a real server or NIC vendor', () => {
    const vendors = new Set<string>();
    for (const host of hosts) {
      for (const mac of physicalMacs(host)) {
        const vendor = vendorOf(mac);
        expect(vendor, mac).toBeDefined();
        vendors.add(vendor ?? '');
      }
    }
    const bootVendors = new Set(hosts.map((host) => vendorOf(host.bareMetalHost.spec.bootMACAddress ?? '')));
    expect([...bootVendors].sort()).toEqual([
      'Dell Inc.',
      'Hewlett Packard Enterprise',
      'Intel Corporate',
      'Super Micro Computer, Inc.',
    ]);
    expect(vendors.size).toBeGreaterThan(4);
  });

  it('mixes redfish, iDRAC and IPMI BMC addresses on the 10.10.<rack>.0/24 network', () => {
    const schemes = new Set(hosts.map((host) => host.bareMetalHost.spec.bmc?.address.split('://')[0]));
    expect(schemes).toEqual(new Set(['redfish+https', 'idrac-virtualmedia', 'ipmi']));
    for (const host of hosts) {
      expect(host.bareMetalHost.spec.bmc?.address).toContain(`//10.10.${host.rack}.`);
    }
    expect(hosts.find((host) => host.name === 'r4-cp-01')?.bareMetalHost.spec.bmc?.address).toBe(
      'ipmi://10.10.4.11:623',
    );
  });

  it('carries parseable networkData with oam-ipv4 and pxe-ipv4 for every host', () => {
    for (const host of hosts) {
      const data = networkDataOf(host);
      const oam = data.networks.find((network) => network.id === 'oam-ipv4');
      expect(oam?.ip_address).toBe(host.addresses.oam);
      expect(oam?.ip_address).toMatch(new RegExp(`^10\\.20\\.${host.rack}\\.\\d+$`));
      expect(oam?.netmask).toBe('255.255.255.0');
      expect(data.networks.find((network) => network.id === 'pxe-ipv4')?.ip_address).toBe(host.addresses.pxe);
      const links = new Set(data.links.map((link) => link.id));
      for (const network of data.networks) expect(links.has(network.link)).toBe(true);
      expect(data.links.find((link) => link.id === 'eno1')?.ethernet_mac_address).toBe(
        host.bareMetalHost.spec.bootMACAddress,
      );
      expect(data.services.map((service) => service.type)).toContain('dns');
    }
  });

  it('gives each host BMC credentials that differ per host', () => {
    const passwords = hosts.map((host) => decode(host.bmcSecret.data, 'password'));
    for (const host of hosts) expect(decode(host.bmcSecret.data, 'username')).not.toBe('');
    for (const password of passwords) {
      expect(password.length).toBeGreaterThanOrEqual(16);
      expect(password.toLowerCase()).not.toContain('password');
    }
    expect(duplicates(passwords)).toEqual([]);
  });

  it('reports the BMO states the console has to show', () => {
    const states = hosts.map((host) => host.status.provisioning?.state);
    expect(states.filter((state) => state === 'provisioned')).toHaveLength(2);
    expect(states.filter((state) => state === 'inspecting')).toHaveLength(1);
    expect(states.filter((state) => state === 'available')).toHaveLength(hosts.length - 3);
    const errors = hosts.filter((host) => host.status.operationalStatus === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.status).toMatchObject({ errorType: 'power management error', errorCount: 3 });
    expect(errors[0]?.status.errorMessage).not.toBe('');
    const off = hosts.filter((host) => host.status.poweredOn === false);
    expect(off.map((host) => host.bareMetalHost.spec.online)).toEqual([false]);
    for (const host of hosts.filter((h) => h.status.provisioning?.state === 'provisioned')) {
      expect(host.bareMetalHost.spec.image?.url).toBe(host.status.provisioning?.image?.url);
      expect(host.status.operationHistory?.provision?.end).toBeDefined();
    }
    const inspecting = hosts.find((host) => host.status.provisioning?.state === 'inspecting');
    expect(inspecting?.status.hardware).toBeUndefined();
    expect(inspecting?.status.operationHistory?.inspect).toEqual({ start: expect.any(String) as string });
  });

  it('fills hardware details whose root device hints match a disk', () => {
    for (const host of hosts.filter((h) => h.status.hardware)) {
      const hardware = host.status.hardware ?? {};
      expect(hardware.cpu).toMatchObject({ arch: 'x86_64' });
      expect(hardware.ramMebibytes).toBeGreaterThan(0);
      expect(hardware.systemVendor?.serialNumber).toBeTruthy();
      expect(hardware.nics?.map((nic) => nic.mac)).toEqual(physicalMacs(host));
      expect(hardware.nics?.filter((nic) => nic.pxe).map((nic) => nic.mac)).toEqual([
        host.bareMetalHost.spec.bootMACAddress,
      ]);
      const hints = host.bareMetalHost.spec.rootDeviceHints ?? {};
      const matching = (hardware.storage ?? []).filter(
        (disk) =>
          (hints.deviceName === undefined || disk.name === hints.deviceName) &&
          (hints.rotational === undefined || disk.rotational === hints.rotational) &&
          (hints.minSizeGigabytes === undefined || (disk.sizeBytes ?? 0) >= hints.minSizeGigabytes * 1e9),
      );
      expect(matching.length, host.name).toBeGreaterThan(0);
    }
  });

  it('writes all history before the epoch, in order', () => {
    const epoch = '2026-03-01T12:00:00Z';
    for (const host of labHosts({ epoch })) {
      const { register, inspect, provision, deprovision } = host.status.operationHistory ?? {};
      const times = [register, inspect, provision, deprovision].flatMap((metric) =>
        [metric?.start, metric?.end].filter((time): time is string => typeof time === 'string'),
      );
      times.push(host.status.lastUpdated ?? '');
      for (const time of times) expect(time <= epoch, `${host.name} ${time}`).toBe(true);
      expect((register?.end ?? '') <= (inspect?.start ?? '')).toBe(true);
    }
  });

  it('is deterministic and follows the namespace option', () => {
    expect(labHosts()).toEqual(hosts);
    const other = labHosts({ namespace: 'lab-x' });
    expect(other.map((host) => host.bareMetalHost.spec.bootMACAddress)).toEqual(
      hosts.map((host) => host.bareMetalHost.spec.bootMACAddress),
    );
    for (const host of other) {
      expect(host.bareMetalHost.metadata.namespace).toBe('lab-x');
      expect(host.bmcSecret.metadata?.namespace).toBe('lab-x');
      expect(host.bareMetalHost.spec.networkData?.namespace).toBe('lab-x');
      expect(host.status.goodCredentials?.credentials?.namespace).toBe('lab-x');
    }
  });
});

describe('generateEd25519SshKey', () => {
  it('writes an OpenSSH private key that ssh-keygen reads back to the same public key', async () => {
    const key = generateEd25519SshKey('lab@test');
    expect(key.privateKey).toMatch(
      /^-----BEGIN OPENSSH PRIVATE KEY-----\n[\s\S]+\n-----END OPENSSH PRIVATE KEY-----\n$/,
    );
    expect(key.publicKey).toMatch(/^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI[A-Za-z0-9+/=]+ lab@test$/);
    expect(generateEd25519SshKey('lab@test').privateKey).not.toBe(key.privateKey);

    const dir = await mkdtemp(join(tmpdir(), 'lab-ssh-'));
    try {
      const file = join(dir, 'id_ed25519');
      await writeFile(file, key.privateKey, { mode: 0o600 });
      // npm test installs openssh-client; without it this fails rather than passing untested.
      const derived = (await promisify(execFile)('ssh-keygen', ['-y', '-f', file])).stdout;
      expect(derived.trim()).toBe(key.publicKey);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
