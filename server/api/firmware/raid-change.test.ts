import { describe, expect, it } from 'vitest';
import type { BareMetalHost, BareMetalHostSpec, BareMetalHostStatus } from '../../types/crds/bare-metal-host';
import { raidChange } from './raid-change';
import { raidView } from './raid-view';

const mirror = { hardwareRAIDVolumes: [{ level: '1' as const, name: 'os' }] };

function host(spec: Partial<BareMetalHostSpec> = {}, status: BareMetalHostStatus = {}): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name: 'h1', namespace: 'lab', resourceVersion: '7' },
    spec: {
      online: true,
      bmc: { address: 'redfish://10.0.0.5/redfish/v1/Systems/1', credentialsName: 'c' },
      ...spec,
    },
    status,
  };
}

describe('raidChange: a RAID layout checked at the edge before anything is written', () => {
  it('writes spec.raid whole, the other kind removed, at the version sent', () => {
    expect(raidChange(host(), 'h1', { resourceVersion: '7', before: null, raid: mirror })).toEqual({
      status: 'ok',
      patch: {
        metadata: { resourceVersion: '7' },
        spec: { raid: { hardwareRAIDVolumes: mirror.hardwareRAIDVolumes, softwareRAIDVolumes: null } },
      },
    });
    expect(
      raidChange(host({ raid: mirror }), 'h1', { resourceVersion: '7', before: mirror, raid: null }),
    ).toEqual({
      status: 'ok',
      patch: { metadata: { resourceVersion: '7' }, spec: { raid: null } },
    });
  });

  it("refuses what BMO would, in BMO's words, by field", () => {
    const ipmi = host({ bmc: { address: 'ipmi://10.0.0.6', credentialsName: 'c' } });
    expect(raidChange(ipmi, 'h1', { resourceVersion: '7', before: null, raid: mirror })).toEqual({
      status: 'rejected',
      message: 'nothing was written: BMC driver ipmi does not support configuring RAID',
      fieldErrors: { hardwareRAIDVolumes: 'BMC driver ipmi does not support configuring RAID' },
    });
  });

  it('refuses when spec.raid changed since the form opened, and a host that is gone', () => {
    const answer = raidChange(host({ raid: mirror }), 'h1', {
      resourceVersion: '7',
      before: null,
      raid: null,
    });
    expect(answer.status === 'rejected' && answer.message).toMatch(/changed after you opened it/);
    expect(raidChange(undefined, 'h1', { resourceVersion: '7', before: null, raid: null })).toEqual({
      status: 'rejected',
      message: 'no BareMetalHost h1',
    });
  });
});

describe('raidView: the state of the layout and when a change takes effect', () => {
  it.each<[string, BareMetalHostStatus, RegExp]>([
    [
      'available: the next cleaning',
      { provisioning: { state: 'available', ID: 'x' } },
      /^at the next cleaning/,
    ],
    [
      'provisioned: after deprovisioning',
      { provisioning: { state: 'provisioned', ID: 'x' } },
      /deprovisioned/,
    ],
    [
      'inspecting: the preparing after it',
      { provisioning: { state: 'inspecting', ID: 'x' } },
      /after inspection/,
    ],
    ['preparing: now', { provisioning: { state: 'preparing', ID: 'x' } }, /^now/],
    ['another state', { provisioning: { state: 'powering off before delete', ID: 'x' } }, /next available/],
    [
      'a failed cleaning',
      { errorType: 'preparation error', errorMessage: 'no', provisioning: { state: 'preparing', ID: 'x' } },
      /last cleaning failed/,
    ],
  ])('%s', (_case, status, when) => {
    const view = raidView(host({ raid: mirror }, status));
    expect(view.pending).toBe(true);
    expect(view.takesEffect).toMatch(when);
  });

  it('says nothing waits once the layout is made, with the disks inspection found', () => {
    const view = raidView(
      host(
        { raid: mirror },
        {
          provisioning: { state: 'available', ID: 'x', raid: mirror },
          hardware: { storage: [{ name: '/dev/sda', type: 'SSD', sizeBytes: 1000 }] },
        },
      ),
    );
    expect(view).toMatchObject({
      resourceVersion: '7',
      state: 'available',
      driver: 'redfish',
      hardwareRaid: true,
      pending: false,
      takesEffect: 'nothing waits: what was applied is what spec.raid asks for',
      applied: mirror,
      disks: [{ name: '/dev/sda', type: 'SSD', sizeBytes: 1000 }],
    });
  });
});
