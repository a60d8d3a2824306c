import { describe, expect, it } from 'vitest';
import type { BareMetalHost, BareMetalHostStatus } from '../../types/crds/bare-metal-host';
import { bmcOf, buildHostRow, cachedRowBuilder, hostStatusOf } from './host-row';

function bmh(status: BareMetalHostStatus | undefined, online = true): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name: 'h', namespace: 'lab' },
    spec: { online },
    status,
  };
}

describe('hostStatusOf: one composite status', () => {
  it.each<{
    name: string;
    status: BareMetalHostStatus | undefined;
    online?: boolean;
    expected: Partial<ReturnType<typeof hostStatusOf>>;
  }>([
    {
      name: 'no status yet',
      status: undefined,
      expected: { group: 'none', label: 'No status yet', tone: 'neutral', power: 'unknown' },
    },
    {
      name: 'provisioned, OK, on',
      status: { provisioning: { state: 'provisioned' }, operationalStatus: 'OK', poweredOn: true },
      expected: { group: 'provisioned', label: 'Provisioned', tone: 'ok', powerLabel: 'Powered on' },
    },
    {
      name: 'legacy ready is available',
      status: { provisioning: { state: 'ready' }, operationalStatus: 'OK', poweredOn: false },
      online: false,
      expected: { group: 'available', label: 'Ready', tone: 'ok', powerLabel: 'Powered off' },
    },
    {
      name: 'inspecting is progress',
      status: { provisioning: { state: 'inspecting' }, operationalStatus: 'OK', poweredOn: true },
      expected: { group: 'inspecting', tone: 'progress' },
    },
    {
      name: 'error type wins over the state, state kept',
      status: {
        provisioning: { state: 'registering' },
        operationalStatus: 'error',
        errorType: 'registration error',
        errorMessage: 'Failed to get power state: 401',
        errorCount: 3,
        poweredOn: false,
      },
      expected: {
        group: 'error',
        state: 'registering',
        stateLabel: 'Registering',
        label: 'Registration error',
        tone: 'error',
        errorCount: 3,
        errorMessage: 'Failed to get power state: 401',
        powerLabel: 'Powered off · power-on pending',
      },
    },
    {
      name: 'operational error without a type',
      status: { provisioning: { state: 'provisioning' }, operationalStatus: 'error' },
      expected: { group: 'error', label: 'Provisioning (error)', tone: 'error' },
    },
    {
      name: 'detached',
      status: { provisioning: { state: 'provisioned' }, operationalStatus: 'detached', poweredOn: true },
      expected: { group: 'detached', label: 'Provisioned', tone: 'warning', operational: 'detached' },
    },
    {
      name: 'delayed provisioning',
      status: { provisioning: { state: 'provisioning' }, operationalStatus: 'delayed', poweredOn: true },
      expected: { group: 'provisioning', tone: 'warning' },
    },
    {
      name: 'powering off before delete groups with deleting',
      status: { provisioning: { state: 'powering off before delete' }, poweredOn: true },
      online: false,
      expected: {
        group: 'deleting',
        label: 'Powering off before delete',
        powerLabel: 'Powered on · power-off pending',
      },
    },
    {
      name: 'unmanaged, no power pending shown',
      status: { provisioning: { state: 'unmanaged' }, operationalStatus: 'discovered' },
      expected: { group: 'unmanaged', powerLabel: 'Power unknown', tone: 'neutral' },
    },
  ])('$name', ({ status, online, expected }) => {
    expect(hostStatusOf(bmh(status, online))).toMatchObject(expected);
  });
});

describe('bmcOf', () => {
  it.each([
    [
      'redfish+https://10.23.25.1:8443/redfish/v1/Systems/System.Embedded.1',
      'redfish+https',
      '10.23.25.1:8443',
    ],
    ['ipmi://192.168.122.1:6233', 'ipmi', '192.168.122.1:6233'],
    ['IDRAC-VirtualMedia://bmc.example.org/redfish/v1/Systems/1', 'idrac-virtualmedia', 'bmc.example.org'],
    ['10.0.0.9:623', 'ipmi', '10.0.0.9:623'],
    ['redfish://[fd00::9]:443/redfish/v1/Systems/1', 'redfish', '[fd00::9]:443'],
  ])('%s', (address, driver, host) => {
    expect(bmcOf(address)).toEqual({ address, driver, host });
  });

  it('is undefined without an address', () => {
    expect(bmcOf(undefined)).toBeUndefined();
    expect(bmcOf('')).toBeUndefined();
  });
});

describe('buildHostRow', () => {
  const host: BareMetalHost = {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: {
      name: 'r01-n03',
      namespace: 'lab',
      resourceVersion: '42',
      creationTimestamp: '2026-11-20T10:00:00Z' as unknown as Date,
      labels: {
        'rackpilot.io/rack': 'r01',
        'rackpilot.io/flavor': 'worker',
        'sip.airshipit.org/cluster-namespace': 'tenants',
        'sip.airshipit.org/cluster-name': 'sub1',
        'sip.airshipit.org/node-type': 'Worker',
      },
      managedFields: [{ manager: 'kubectl' }],
    },
    spec: {
      online: true,
      bootMACAddress: '3C:EC:EF:00:01:02',
      bmc: { address: 'ipmi://10.1.0.3:623', credentialsName: 'r01-n03-bmc' },
    },
    status: {
      provisioning: { state: 'provisioned' },
      operationalStatus: 'OK',
      poweredOn: true,
      hardware: {
        systemVendor: { serialNumber: 'SN-0003' },
        nics: [
          { name: 'eno1', mac: '3c:ec:ef:00:01:02', ip: '10.2.0.3' },
          { name: 'eno2', mac: 'b8-ce-f6-00-00-09', ip: 'fd00::3' },
          { name: 'eno3' },
        ],
      },
    },
  };

  it('projects the row the table shows', () => {
    const { row } = buildHostRow(host, (mac) => (mac.startsWith('3c:ec:ef') ? 'Super Micro' : undefined));
    expect(row).toEqual({
      key: 'lab/r01-n03',
      namespace: 'lab',
      name: 'r01-n03',
      resourceVersion: '42',
      status: expect.objectContaining({
        group: 'provisioned',
        label: 'Provisioned',
        operational: 'OK',
      }) as unknown,
      tenant: { namespace: 'tenants', name: 'sub1' },
      role: 'Worker',
      notFree: { kind: 'claimed', reason: 'labelled for SIPCluster tenants/sub1' },
      rack: 'r01',
      flavor: 'worker',
      bmc: { address: 'ipmi://10.1.0.3:623', driver: 'ipmi', host: '10.1.0.3:623' },
      bootMac: '3c:ec:ef:00:01:02',
      bootMacVendor: 'Super Micro',
      createdAt: '2026-11-20T10:00:00.000Z',
      deleting: false,
    });
  });

  it('indexes every MAC as bare hex, NIC IPs and text fields', () => {
    const { search } = buildHostRow(host, () => undefined);
    expect(search.macs).toEqual(['3cecef000102', 'b8cef6000009']);
    expect(search.ips).toEqual(['10.2.0.3', 'fd00::3']);
    expect(search.text).toEqual(['r01-n03', 'lab', 'ipmi://10.1.0.3:623', 'sn-0003']);
  });

  it('says why a host with no tenant is not free: consumed by a Metal3Machine', () => {
    const consumed: BareMetalHost = {
      ...host,
      metadata: { name: 'x', namespace: 'lab' },
      spec: { ...host.spec, consumerRef: { kind: 'Metal3Machine', namespace: 'capi', name: 'w0' } },
    };
    const { row } = buildHostRow(consumed, () => undefined);
    expect(row.tenant).toBeUndefined();
    expect(row.notFree).toEqual({ kind: 'claimed', reason: 'consumed by Metal3Machine capi/w0' });
  });

  it('leaves tenant and role empty for an unlabelled host and keeps an odd MAC as written', () => {
    const free: BareMetalHost = {
      ...host,
      metadata: { name: 'x', namespace: 'lab', labels: { 'sip.airshipit.org/node-type': 'Worker' } },
      spec: { online: false, bootMACAddress: 'not-a-mac' },
      status: undefined,
    };
    const { row } = buildHostRow(free, () => 'never');
    expect(row.tenant).toBeUndefined();
    expect(row.role).toBeUndefined();
    expect(row.bootMac).toBe('not-a-mac');
    expect(row.rack).toBeUndefined();
    expect(row.bmc).toBeUndefined();
  });

  it('caches per object', () => {
    let lookups = 0;
    const keys = ['rackpilot.io/rack'];
    const build = cachedRowBuilder(
      () => {
        lookups++;
        return undefined;
      },
      () => keys,
    );
    const first = build(host);
    expect(build(host)).toBe(first);
    expect(build({ ...host })).not.toBe(first);
    expect(lookups).toBe(2);
  });

  it('reads the rack from the keys given, and builds again when they change', () => {
    let keys: readonly string[] = ['example.com/rack'];
    const build = cachedRowBuilder(
      () => undefined,
      () => keys,
    );
    const labelled: BareMetalHost = {
      ...host,
      metadata: { name: 'r01-n03', namespace: 'lab', labels: { 'example.com/rack': 'row-9' } },
    };
    expect(build(labelled).row.rack).toBe('row-9');
    keys = ['rackpilot.io/rack'];
    expect(build(labelled).row.rack).toBeUndefined();
  });
});
