import { describe, expect, it } from 'vitest';
import {
  contrailGroupFormSchema,
  defaultContrailGroupForm,
  groupFromForm,
  MIXED_MODES_MESSAGE,
  type ContrailGroupForm,
} from './contrail-group-form';

function form(edit: (f: ContrailGroupForm) => void = () => undefined): ContrailGroupForm {
  const f = defaultContrailGroupForm();
  f.namespace = 'contrail';
  f.manager = 'cluster1';
  f.name = 'dpdk-group';
  f.gateway = '10.1.1.1';
  f.nodeSelector = [{ key: 'nicType', value: 'x710' }];
  f.knownProfiles = [{ name: 'kernel1', spec: { kernelModeConfiguration: {} } }];
  f.newProfile = { ...f.newProfile, enabled: true, name: 'dpdk1', mode: 'dpdk', coreMask: '0xF' };
  f.profiles = ['dpdk1'];
  edit(f);
  return f;
}

const messages = (f: ContrailGroupForm) => {
  const result = contrailGroupFormSchema.safeParse(f);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('contrailGroupFormSchema', () => {
  it('accepts a DPDK group with a new profile', () => expect(messages(form())).toEqual([]));
  it('refuses a group name with a space, in the CRD words', () =>
    expect(messages(form((f) => (f.name = 'vrouter-sriov-group 1')))[0]).toContain(
      'group name must be a DNS label',
    ));
  it('refuses a zero core mask', () =>
    expect(messages(form((f) => (f.newProfile.coreMask = '0x0')))).toEqual([
      'coreMask must be a non-zero hex number such as 0xF',
    ]));
  it('refuses a profile that is defined nowhere', () =>
    expect(messages(form((f) => f.profiles.push('other-profile1')))[0]).toContain('other-profile1 is not'));
  it('refuses DPDK with kernel mode in one group', () =>
    expect(messages(form((f) => f.profiles.push('kernel1')))).toEqual([MIXED_MODES_MESSAGE]));
  it('refuses a gateway that is no IP', () =>
    expect(messages(form((f) => (f.gateway = '1.1.1')))).toEqual([
      'vRouterGateway must be an IPv4 or IPv6 address',
    ]));
  it('builds the group entry the Manager gets', () =>
    expect(groupFromForm(form())).toEqual({
      metadata: { name: 'dpdk-group', kind: 'ContrailVrouter' },
      spec: {
        activate: true,
        upgradeStrategy: 'rolling',
        nodeSelector: { nicType: 'x710' },
        configuration: { vRouterGateway: '10.1.1.1', profiles: ['dpdk1'] },
      },
    }));
});
