import { describe, expect, it } from 'vitest';
import type { BareMetalHost, BareMetalHostStatus } from '../../server/types/crds/bare-metal-host';
import type { HostStep } from './host-operator-plan';
import {
  bmcCredentials,
  hostStepActions,
  labRedfishSystem,
  labHardware,
  LAB_REMOVE_ANNOTATION,
  redfishResetRequest,
  redfishSystemUrl,
  type HostAction,
} from './host-step-actions';

function bmh(status?: BareMetalHostStatus, online = true): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name: 'r1-wk-01', namespace: 'lab', uid: 'uid-1' },
    spec: { online, bootMACAddress: '3C-EC-EF-00-00-01' },
    status,
  };
}

/** The script as data: waits, power calls and removals as they are, each status at the given write times. */
function played(actions: HostAction[], times = ['t0', 't1', 't2', 't3']): unknown[] {
  let writes = 0;
  return actions.map((action) => {
    if (action.kind !== 'status') return action;
    writes += 1;
    return { status: action.status(times.slice(0, writes)) };
  });
}

describe('hostStepActions: what the lab writes for each step, as Metal3 reports it', () => {
  it.each<[string, HostStep, unknown[]]>([
    [
      'power follows spec.online through the BMC',
      { kind: 'power', on: false },
      [{ kind: 'wait', steps: 1 }, { kind: 'power', on: false }, { status: { poweredOn: false } }],
    ],
    [
      'a reboot power-cycles, then removes its annotation',
      { kind: 'reboot' },
      [
        { kind: 'wait', steps: 1 },
        { kind: 'power', on: false },
        { status: { poweredOn: false } },
        { kind: 'wait', steps: 1 },
        { kind: 'power', on: true },
        { status: { poweredOn: true } },
        { kind: 'unannotate', key: 'reboot.metal3.io' },
      ],
    ],
    [
      'detach sets operationalStatus',
      { kind: 'detach' },
      [{ kind: 'wait', steps: 1 }, { status: { operationalStatus: 'detached' } }],
    ],
    [
      'attach sets it back',
      { kind: 'attach' },
      [{ kind: 'wait', steps: 1 }, { status: { operationalStatus: 'OK' } }],
    ],
  ])('%s', (_, step, expected) => {
    expect(played(hostStepActions(bmh(), step))).toEqual(expected);
  });

  it('cleans for firmware settings: preparing, the BIOS step, available again', () => {
    const host = bmh({ provisioning: { state: 'available', ID: 'uid-1', bootMode: 'UEFI' } });
    expect(played(hostStepActions(host, { kind: 'prepare', settings: true }))).toEqual([
      { kind: 'wait', steps: 1 },
      { status: { provisioning: { state: 'preparing', ID: 'uid-1', bootMode: 'UEFI' } } },
      { kind: 'wait', steps: 2 },
      { kind: 'firmware' },
      { status: { provisioning: { state: 'available', ID: 'uid-1', bootMode: 'UEFI' } } },
    ]);
  });

  it('inspects again: removes the request, inspecting, then available with its hardware, history kept', () => {
    const history = { register: { start: 'r0', end: 'r1' }, provision: {}, deprovision: {} };
    const host = bmh({ operationHistory: history, provisioning: { state: 'available', ID: 'uid-1' } }, false);
    const script = played(hostStepActions(host, { kind: 'inspect' }));
    expect(script.slice(0, 2)).toEqual([
      { kind: 'wait', steps: 1 },
      { kind: 'unannotate', key: 'inspect.metal3.io' },
    ]);
    expect(script[2]).toEqual({
      status: {
        operationalStatus: 'OK',
        errorType: '',
        errorMessage: '',
        errorCount: 0,
        poweredOn: true,
        provisioning: { state: 'inspecting', ID: 'uid-1' },
        operationHistory: { ...history, inspect: { start: 't0' } },
      },
    });
    // Inspection ends with the power spec.online asks for (off here).
    expect(script.slice(3, 5)).toEqual([
      { kind: 'wait', steps: 2 },
      { kind: 'power', on: false },
    ]);
    expect(script[5]).toMatchObject({
      status: {
        poweredOn: false,
        provisioning: { state: 'available', ID: 'uid-1' },
        operationHistory: { ...history, inspect: { start: 't0', end: 't1' } },
      },
    });
  });

  it('registers a new host: registering, then inspecting from when registration ended, then available', () => {
    const script = played(hostStepActions(bmh(), { kind: 'register' }));
    expect(script.map((entry) => ('kind' in (entry as object) ? entry : 'status'))).toEqual([
      { kind: 'wait', steps: 1 },
      'status',
      { kind: 'wait', steps: 1 },
      'status',
      { kind: 'wait', steps: 2 },
      { kind: 'power', on: true },
      'status',
    ]);
    const statuses = script.filter(
      (entry): entry is { status: BareMetalHostStatus } => 'status' in (entry as object),
    );
    expect(statuses.map(({ status }) => [status.provisioning?.state, status.poweredOn])).toEqual([
      ['registering', false],
      ['inspecting', true],
      ['available', true],
    ]);
    expect(statuses[0]?.status.operationHistory).toEqual({
      register: { start: 't0' },
      inspect: {},
      provision: {},
      deprovision: {},
    });
    expect(statuses[2]?.status.operationHistory).toEqual({
      register: { start: 't0', end: 't1' },
      inspect: { start: 't1', end: 't2' },
      provision: {},
      deprovision: {},
    });
    expect(statuses[2]?.status.hardware?.nics).toEqual([
      { name: 'eno1', mac: '3c:ec:ef:00:00:01', ip: '', speedGbps: 10, pxe: true },
    ]);
  });
});

describe('labHardware', () => {
  it('keeps what the host reported, else describes one virtual server booting from its MAC', () => {
    const reported = { ramMebibytes: 1024, hostname: 'kept' };
    expect(labHardware(bmh({ hardware: reported }))).toEqual(reported);
    expect(labHardware(bmh())).toMatchObject({
      systemVendor: { manufacturer: 'Rackpilot lab', serialNumber: 'uid-1' },
      cpu: { count: 8 },
      hostname: 'r1-wk-01',
    });
    const noMac = bmh();
    delete noMac.spec.bootMACAddress;
    expect(labHardware(noMac)?.nics).toEqual([]);
  });

  it.each<[string, Partial<NonNullable<BareMetalHostStatus['hardware']>>]>([
    ['dimm', { ramMebibytes: 30720, storage: [{ name: '/dev/sda' }, { name: '/dev/sdb' }] }],
    ['disk', { ramMebibytes: 32768, storage: [{ name: '/dev/sda' }] }],
    ['dimm, disk, nic', { ramMebibytes: 30720, storage: [{ name: '/dev/sda' }], nics: [] }],
    ['unknown', { ramMebibytes: 32768, storage: [{ name: '/dev/sda' }, { name: '/dev/sdb' }] }],
  ])('the lab knob %s: the next inspection finds it missing, then the knob is gone', (removes, found) => {
    const host = bmh({
      hardware: {
        ramMebibytes: 32768,
        storage: [{ name: '/dev/sda' }, { name: '/dev/sdb' }],
        nics: [{ name: 'eno1', mac: '3c:ec:ef:00:00:01' }],
      },
    });
    host.metadata.annotations = { [LAB_REMOVE_ANNOTATION]: removes };
    expect(labHardware(host)).toMatchObject(found);
    const script = hostStepActions(host, { kind: 'inspect' });
    expect(script.at(-1)).toEqual({ kind: 'unannotate', key: LAB_REMOVE_ANNOTATION });
  });
});

describe('Redfish', () => {
  it.each([
    ['redfish+http://127.0.0.1:4000/redfish/v1/Systems/a', 'http://127.0.0.1:4000/redfish/v1/Systems/a'],
    ['redfish://10.0.0.5/redfish/v1/Systems/1', 'https://10.0.0.5/redfish/v1/Systems/1'],
    ['redfish-virtualmedia+https://bmc.lab/redfish/v1/Systems/2', 'https://bmc.lab/redfish/v1/Systems/2'],
    [
      'idrac-redfish://10.0.0.6/redfish/v1/Systems/System.Embedded.1',
      'https://10.0.0.6/redfish/v1/Systems/System.Embedded.1',
    ],
    ['ipmi://10.0.0.7', undefined],
    ['redfish+http://[not-an-address/x', undefined],
    [undefined, undefined],
  ])('%s is the system %s', (address, url) => {
    expect(redfishSystemUrl(address)?.href).toBe(url);
  });

  it('drives only the lab’s real Redfish BMCs; other addresses are simulated', () => {
    const origins = ['http://127.0.0.1:4000'];
    expect(labRedfishSystem('redfish+http://127.0.0.1:4000/redfish/v1/Systems/a', origins)?.pathname).toBe(
      '/redfish/v1/Systems/a',
    );
    expect(labRedfishSystem('redfish+http://127.0.0.1:4001/redfish/v1/Systems/a', origins)).toBeUndefined();
    expect(labRedfishSystem('ipmi://10.10.1.11', origins)).toBeUndefined();
    expect(labRedfishSystem('redfish+http://127.0.0.1:4000/redfish/v1/Systems/a')).toBeUndefined();
  });

  it('reads the BMC credentials Secret as Metal3 does', () => {
    const data = { username: btoa('admin'), password: btoa('s3cret:x') };
    expect(bmcCredentials({ data })).toEqual({ username: 'admin', password: 's3cret:x' });
    expect(bmcCredentials({})).toEqual({ username: '', password: '' });
  });

  it('resets power with Basic credentials and the ResetType Ironic uses', () => {
    const system = new URL('http://127.0.0.1:4000/redfish/v1/Systems/a/');
    const on = redfishResetRequest(system, { username: 'admin', password: 'pw' }, true);
    expect(on.url).toBe('http://127.0.0.1:4000/redfish/v1/Systems/a/Actions/ComputerSystem.Reset');
    expect(on.init).toEqual({
      method: 'POST',
      headers: { authorization: `Basic ${btoa('admin:pw')}`, 'content-type': 'application/json' },
      body: '{"ResetType":"On"}',
    });
    expect(redfishResetRequest(system, { username: 'a', password: 'b' }, false).init.body).toBe(
      '{"ResetType":"ForceOff"}',
    );
  });
});
