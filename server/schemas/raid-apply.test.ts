import { describe, expect, it } from 'vitest';
import { raidAwaitsCleaning, raidCleaningError, raidMergePatch, raidTarget } from './raid-apply';
import type { RaidConfig } from './raid-rules';

const mirror: RaidConfig = { hardwareRAIDVolumes: [{ level: '1', name: 'os' }] };
const software: RaidConfig = { softwareRAIDVolumes: [{ level: '1' }] };

describe('raidTarget and raidAwaitsCleaning: what BMO applies while preparing', () => {
  it.each<[string, RaidConfig | undefined, RaidConfig | undefined, RaidConfig | undefined, boolean]>([
    ['nothing asked, nothing applied: no cleaning', undefined, undefined, undefined, false],
    ['a new layout: cleaning', mirror, undefined, mirror, true],
    ['the applied layout: nothing to do', mirror, mirror, mirror, false],
    [
      'no RAID asked keeps hardware volumes, removes software RAID',
      undefined,
      mirror,
      { ...mirror, softwareRAIDVolumes: [] },
      true,
    ],
    ['`{}` is the same as none', {}, software, { softwareRAIDVolumes: [] }, true],
    [
      'once recorded, none asked stays quiet',
      undefined,
      { ...mirror, softwareRAIDVolumes: [] },
      { ...mirror, softwareRAIDVolumes: [] },
      false,
    ],
    [
      '`[]` removes the hardware volumes',
      { hardwareRAIDVolumes: [] },
      mirror,
      { hardwareRAIDVolumes: [] },
      true,
    ],
  ])('%s', (_case, spec, applied, target, awaits) => {
    expect(raidTarget(spec, applied)).toEqual(target);
    expect(raidAwaitsCleaning(spec, applied)).toBe(awaits);
  });
});

describe('raidCleaningError: the preparation error BMO records', () => {
  it.each<[string, RaidConfig | undefined, string, string | undefined]>([
    ['nothing to make', undefined, 'ipmi://10.0.0.5', undefined],
    ['hardware RAID through Redfish', mirror, 'redfish://10.0.0.5/redfish/v1/Systems/1', undefined],
    [
      'hardware RAID on the no-raid interface (IPMI)',
      mirror,
      'ipmi://10.0.0.5',
      "RAID settings are defined, but the node's driver no-raid does not support RAID",
    ],
    ['software RAID on IPMI: the agent makes it', software, 'ipmi://10.0.0.5', undefined],
    [
      'the provisioner refuses a first software volume that is not RAID-1',
      { softwareRAIDVolumes: [{ level: '0' }] },
      'ipmi://10.0.0.5',
      'the level in first volume of software raid must be RAID1',
    ],
    [
      'the provisioner words physical disks without a controller its own way',
      { hardwareRAIDVolumes: [{ level: '1', physicalDisks: ['a', 'b'] }] },
      'redfish://10.0.0.5/redfish/v1/Systems/1',
      "'controller' must be specified if 'physicalDisks' are used",
    ],
  ])('%s', (_case, target, address, error) => {
    expect(raidCleaningError(target, address)).toBe(error);
  });
});

describe('raidMergePatch', () => {
  it('names the kind the layout lacks as null, so the patch replaces the whole layout', () => {
    expect(raidMergePatch(mirror)).toEqual({
      hardwareRAIDVolumes: mirror.hardwareRAIDVolumes,
      softwareRAIDVolumes: null,
    });
    expect(raidMergePatch({ softwareRAIDVolumes: [] })).toEqual({
      hardwareRAIDVolumes: null,
      softwareRAIDVolumes: [],
    });
  });
});
