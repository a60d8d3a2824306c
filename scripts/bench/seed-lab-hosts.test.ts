import { describe, expect, it } from 'vitest';
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

  it('leaves the lab template as it was', () => {
    const before = structuredClone(lab[0]);
    numberedLabHost(lab, 0);
    expect(lab[0]).toEqual(before);
  });

  it('refuses an empty lab', () => {
    expect(() => numberedLabHost([], 0)).toThrow('the lab has no hosts');
  });
});
