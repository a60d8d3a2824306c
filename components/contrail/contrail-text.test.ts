import { describe, expect, it } from 'vitest';
import { defaultContrailGroupForm } from '@/server/schemas/contrail-group-form';
import { groupYamlObjects, profileText } from './contrail-text';

describe('profileText', () => {
  it.each([
    [
      { dpdkConfiguration: { coreMask: '0xF', '2MBHugePages': 1024, cpuPinning: '2-5' } },
      'DPDK core mask 0xF · 1024 × 2 MiB hugepages · pinned to 2-5',
    ],
    [
      { sriovConfiguration: { numberOfVfs: 7, virtualFunctionMappings: ['vf1', 'vf2'] } },
      'SR-IOV 7 VFs · mapped to vf1, vf2',
    ],
    [
      { kernelModeConfiguration: { moreConfig: { log_level: 'SYS_INFO' } } },
      'kernel mode · log_level=SYS_INFO',
    ],
    [{ otherConfig: {} }, 'no settings'],
  ])('%j reads %s', (spec, text) => {
    expect(profileText(spec)).toBe(text);
  });
});

describe('groupYamlObjects', () => {
  it('shows the entries Create appends to the Manager, the new profile only when there is one', () => {
    const form = { ...defaultContrailGroupForm(), namespace: 'lab', manager: 'lab-contrail', name: 'g1' };
    form.profiles = ['kernel'];
    const [manager] = groupYamlObjects(form) as { metadata: object; spec: { services: object } }[];
    expect(manager?.metadata).toEqual({ namespace: 'lab', name: 'lab-contrail' });
    expect(Object.keys(manager?.spec.services ?? {})).toEqual(['vrouterTemplates']);
    form.newProfile = { ...form.newProfile, enabled: true, name: 'dpdk1' };
    const [withProfile] = groupYamlObjects(form) as { spec: { services: object } }[];
    expect(Object.keys(withProfile?.spec.services ?? {})).toEqual([
      'vrouterProfileTemplates',
      'vrouterTemplates',
    ]);
  });
});
