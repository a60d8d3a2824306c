import { describe, expect, it } from 'vitest';
import {
  contrailGroupFormSchema,
  defaultContrailGroupForm,
  groupFromForm,
  MIXED_MODES_MESSAGE,
  newProfileSpec,
  servicesWithGroup,
  vfCapacityMessage,
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
  const naming = (control: string, declared: string[]) =>
    form((f) => {
      f.controlInstance = control;
      f.knownControls = declared;
    });
  it('takes a Control the Manager declares, or none', () => {
    expect(messages(naming('control2', ['control1', 'control2']))).toEqual([]);
    expect(messages(naming('', ['control1']))).toEqual([]);
  });
  it('refuses a Control the Manager does not declare, naming those it does', () => {
    expect(messages(naming('other', ['control1']))).toEqual([
      'Manager cluster1 declares no Control named other (its spec.services.controls: control1): its agents would wait for it for ever',
    ]);
    expect(messages(naming('control1', []))).toEqual([
      'Manager cluster1 declares no Control named control1 (its spec.services.controls: none): its agents would wait for it for ever',
    ]);
  });
  it('names the Control in the group entry', () =>
    expect(groupFromForm(naming('control1', ['control1'])).spec.configuration).toEqual({
      vRouterGateway: '10.1.1.1',
      controlInstance: 'control1',
      profiles: ['dpdk1'],
    }));
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

describe('newProfileSpec', () => {
  it.each([
    {
      name: 'DPDK with hugepages, pinning and extra keys',
      edit: (f: ContrailGroupForm) => {
        f.newProfile = {
          ...f.newProfile,
          hugepages2M: 1024,
          hugepages1G: 2,
          cpuPinning: '2-5',
          moreConfig: [{ key: 'log_level', value: 'SYS_DEBUG' }],
        };
      },
      spec: {
        dpdkConfiguration: {
          coreMask: '0xF',
          '2MBHugePages': 1024,
          '1GBHugePages': 2,
          cpuPinning: '2-5',
          moreConfig: { log_level: 'SYS_DEBUG' },
        },
      },
    },
    {
      name: 'SR-IOV with its mappings trimmed and blanks dropped',
      edit: (f: ContrailGroupForm) => {
        f.newProfile = { ...f.newProfile, mode: 'sriov', numberOfVfs: 4, vfMappings: ' vf1 , ,vf2' };
      },
      spec: { sriovConfiguration: { numberOfVfs: 4, virtualFunctionMappings: ['vf1', 'vf2'] } },
    },
    {
      name: 'SR-IOV without mappings',
      edit: (f: ContrailGroupForm) => {
        f.newProfile = { ...f.newProfile, mode: 'sriov', numberOfVfs: 2, vfMappings: '' };
      },
      spec: { sriovConfiguration: { numberOfVfs: 2 } },
    },
    {
      name: 'kernel mode',
      edit: (f: ContrailGroupForm) => {
        f.newProfile = { ...f.newProfile, mode: 'kernel' };
      },
      spec: { kernelModeConfiguration: {} },
    },
    {
      name: 'other settings only',
      edit: (f: ContrailGroupForm) => {
        f.newProfile = { ...f.newProfile, mode: 'other', moreConfig: [{ key: 'a', value: 'b' }] };
      },
      spec: { otherConfig: { moreConfig: { a: 'b' } } },
    },
  ])('$name', ({ edit, spec }) => {
    expect(newProfileSpec(form(edit))).toEqual(spec);
  });
});

describe('servicesWithGroup', () => {
  it('adds the new profile and the group after what the Manager has', () => {
    const services = servicesWithGroup(
      {
        vrouterProfileTemplates: [{ metadata: { name: 'kernel1' }, spec: { kernelModeConfiguration: {} } }],
        vrouterTemplates: [],
      },
      form((f) => {
        f.tolerations = [{ key: '', operator: 'Exists', value: '', effect: 'NoSchedule' }];
      }),
    );
    expect(services.vrouterProfileTemplates?.map((p) => p.metadata.name)).toEqual(['kernel1', 'dpdk1']);
    expect(services.vrouterTemplates?.[0]?.spec.tolerations).toEqual([
      { operator: 'Exists', effect: 'NoSchedule' },
    ]);
  });

  it('adds only the group when the form defines no profile', () => {
    const services = servicesWithGroup(
      {},
      form((f) => {
        f.newProfile.enabled = false;
        f.profiles = ['kernel1'];
      }),
    );
    expect(services.vrouterProfileTemplates).toEqual([]);
    expect(services.vrouterTemplates).toHaveLength(1);
  });
});

describe('VF count against the nodes’ capacity', () => {
  const sriov = (vfs: number, capacity: number | null) =>
    form((f) => {
      f.newProfile = { ...f.newProfile, name: 'sriov1', mode: 'sriov', numberOfVfs: vfs };
      f.profiles = ['sriov1'];
      f.nodeVfCapacity = capacity;
    });

  it('accepts as many VFs as the poorest matched node advertises', () =>
    expect(messages(sriov(8, 8))).toEqual([]));
  it('accepts any count while no node matches', () => expect(messages(sriov(64, null))).toEqual([]));
  it('refuses more, at the new profile’s VF count', () => {
    const result = contrailGroupFormSchema.safeParse(sriov(9, 8));
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['newProfile.numberOfVfs', vfCapacityMessage(9, 8)],
    ]);
  });
  it('refuses an existing SR-IOV profile that asks too much, at the profiles', () => {
    const result = contrailGroupFormSchema.safeParse(
      form((f) => {
        f.newProfile.enabled = false;
        f.knownProfiles = [{ name: 'sriov7', spec: { sriovConfiguration: { numberOfVfs: 7 } } }];
        f.profiles = ['sriov7'];
        f.nodeVfCapacity = 0;
      }),
    );
    expect(result.success ? [] : result.error.issues.map((i) => i.path.join('.'))).toEqual(['profiles']);
  });
});
