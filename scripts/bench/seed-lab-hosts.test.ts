import { describe, expect, it } from 'vitest';
import { RACK_LABEL } from '../../server/schemas/host-labels';
import { DEFAULT_RACK_SETTINGS } from '../../server/schemas/rack-settings';
import { labHosts } from '../../tools/lab/lab-hosts';
import { numberedLabHost } from './seed-lab-hosts';

describe('numberedLabHost', () => {
  const lab = labHosts({ namespace: 'bench' });

  it('repeats the lab with the round in the name and a boot MAC of its own', () => {
    const first = numberedLabHost(lab, 0);
    const again = numberedLabHost(lab, lab.length);
    expect(first.name).toBe(`${lab[0]?.name}-0000`);
    expect(again.name).toBe(`${lab[0]?.name}-0001`);
    expect(first.bareMetalHost.metadata.name).toBe(first.name);
    expect(first.bareMetalHost.spec.bootMACAddress).toBe('02:be:00:00:00:00');
    expect(numberedLabHost(lab, 0x12345).bareMetalHost.spec.bootMACAddress).toBe('02:be:00:01:23:45');
  });

  it('puts each round in racks of its own, so no two copies claim one unit of one rack', () => {
    const rackOf = (index: number) => numberedLabHost(lab, index).bareMetalHost.metadata.labels?.[RACK_LABEL];
    expect(rackOf(0)).toBe(`${lab[0]?.bareMetalHost.metadata.labels?.[RACK_LABEL]}-0000`);
    expect(rackOf(lab.length)).toBe(`${lab[0]?.bareMetalHost.metadata.labels?.[RACK_LABEL]}-0001`);
  });

  it('racks the fleet when asked: so many hosts to a rack, one unit each from the bottom', () => {
    const placeOf = (index: number) => {
      const labels = numberedLabHost(lab, index, 40).bareMetalHost.metadata.labels ?? {};
      return [
        labels[RACK_LABEL],
        labels[DEFAULT_RACK_SETTINGS.slotKey],
        labels[DEFAULT_RACK_SETTINGS.heightKey],
      ];
    };
    expect(placeOf(0)).toEqual(['bench-rack-0000', '1', '1']);
    expect(placeOf(39)).toEqual(['bench-rack-0000', '40', '1']);
    expect(placeOf(40)).toEqual(['bench-rack-0001', '1', '1']);
    expect(placeOf(9999)).toEqual(['bench-rack-0249', '40', '1']);
  });

  it('leaves the lab template as it was', () => {
    const before = structuredClone(lab[0]);
    numberedLabHost(lab, 0);
    expect(lab[0]).toEqual(before);
  });

  it('refuses an empty lab', () => {
    expect(() => numberedLabHost([], 0)).toThrow('the lab has no hosts');
  });
});
