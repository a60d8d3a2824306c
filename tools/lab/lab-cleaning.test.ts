import { describe, expect, it } from 'vitest';
import type {
  BareMetalHost,
  BareMetalHostSpec,
  BareMetalHostStatus,
} from '../../server/types/crds/bare-metal-host';
import { nextHostStep } from './host-operator-plan';
import type { HostAction } from './host-step-actions';
import { cleaningActions, cleaningWorthRetrying } from './lab-cleaning';

const REDFISH = 'redfish+https://10.0.0.5/redfish/v1/Systems/1';
const IPMI = 'ipmi://10.0.0.6:623';
const mirror = { hardwareRAIDVolumes: [{ level: '1' as const, name: 'os' }] };
const NO_RAID = "RAID settings are defined, but the node's driver no-raid does not support RAID";

function bmh(spec: Partial<BareMetalHostSpec>, status: BareMetalHostStatus): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name: 'h', namespace: 'lab' },
    spec: { online: true, bmc: { address: REDFISH, credentialsName: 'h-bmc' }, ...spec },
    status: { operationalStatus: 'OK', poweredOn: true, ...status },
  };
}

const available = { provisioning: { state: 'available' as const, ID: 'x' } };

function played(actions: HostAction[]): unknown[] {
  return actions.map((action) => (action.kind === 'status' ? { status: action.status([]) } : action));
}

describe('the lab cleans an available host for its RAID layout, as BMO does', () => {
  it('cleans when spec.raid differs from the layout made, and not when it is made', () => {
    expect(nextHostStep(bmh({ raid: mirror }, available))).toEqual({ kind: 'prepare', settings: false });
    const made = { provisioning: { ...available.provisioning, raid: mirror } };
    expect(nextHostStep(bmh({ raid: mirror }, made))).toBeUndefined();
    expect(
      nextHostStep(bmh({ raid: mirror }, { provisioning: { state: 'provisioned', ID: 'x' } })),
    ).toBeUndefined();
  });

  it('makes the layout and records it in status.provisioning.raid', () => {
    expect(played(cleaningActions(bmh({ raid: mirror }, available), false))).toEqual([
      { kind: 'wait', steps: 1 },
      { status: { provisioning: { state: 'preparing', ID: 'x' } } },
      { kind: 'wait', steps: 2 },
      { kind: 'raid', raid: { hardwareRAIDVolumes: mirror.hardwareRAIDVolumes, softwareRAIDVolumes: null } },
      { status: { provisioning: { state: 'available', ID: 'x' } } },
    ]);
  });

  it("fails hardware RAID on an IPMI BMC with BMO's preparation error, and stays failed", () => {
    const host = bmh({ raid: mirror, bmc: { address: IPMI, credentialsName: 'h-bmc' } }, available);
    expect(played(cleaningActions(host, true)).at(-1)).toEqual({
      status: {
        operationalStatus: 'error',
        errorType: 'preparation error',
        errorMessage: NO_RAID,
        errorCount: 1,
      },
    });
    const failed = bmh(host.spec, {
      operationalStatus: 'error',
      errorType: 'preparation error',
      errorMessage: NO_RAID,
      errorCount: 1,
      provisioning: { state: 'preparing', ID: 'x' },
    });
    expect(cleaningWorthRetrying(failed)).toBe(false);
    expect(nextHostStep(failed)).toBeUndefined();
  });

  it('tries again once spec.raid is one the host can have, clearing the error', () => {
    const fixed = bmh(
      { raid: { softwareRAIDVolumes: [{ level: '1' }] }, bmc: { address: IPMI, credentialsName: 'h-bmc' } },
      {
        operationalStatus: 'error',
        errorType: 'preparation error',
        errorMessage: NO_RAID,
        errorCount: 1,
        provisioning: { state: 'preparing', ID: 'x' },
      },
    );
    expect(nextHostStep(fixed)).toEqual({ kind: 'prepare', settings: false });
    const script = played(cleaningActions(fixed, false));
    expect(script[1]).toEqual({
      status: {
        operationalStatus: 'OK',
        errorType: '',
        errorMessage: '',
        errorCount: 0,
        provisioning: { state: 'preparing', ID: 'x' },
      },
    });
    expect(script.at(-1)).toEqual({ status: { provisioning: { state: 'available', ID: 'x' } } });
  });
});
