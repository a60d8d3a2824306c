import { describe, expect, it } from 'vitest';
import type { HostStatusView } from '@/server/api/hosts/host-row';
import { boxGlyph, boxLook, boxWord, tenantMark } from './rack-look';

function status(tone: HostStatusView['tone'], power: HostStatusView['power']): HostStatusView {
  return { tone, power } as HostStatusView;
}

describe('boxLook', () => {
  it.each<[HostStatusView['tone'], HostStatusView['power'], string]>([
    ['ok', 'on', 'ok'],
    ['ok', 'off', 'off'],
    ['progress', 'unknown', 'progress'],
    ['warning', 'off', 'off'],
    ['error', 'off', 'error'],
    ['neutral', 'on', 'neutral'],
  ])('tone %s, power %s: %s', (tone, power, look) => {
    expect(boxLook(status(tone, power))).toBe(look);
  });

  it('gives off its own glyph and word', () => {
    expect([boxGlyph('off'), boxWord('off')]).toEqual(['◇', 'powered off']);
    expect([boxGlyph('error'), boxWord('error')]).toEqual(['✖', 'error']);
  });
});

describe('tenantMark', () => {
  const tenant = { namespace: 'lab', name: 'c1' };

  it('marks a host in a cluster with the first letter of its role', () => {
    expect(tenantMark(tenant, 'ControlPlane')).toBe('C');
    expect(tenantMark(tenant, 'worker')).toBe('W');
    expect(tenantMark(tenant, undefined)).toBe('•');
    expect(tenantMark(tenant, ' ')).toBe('•');
  });

  it('leaves a host in no cluster unmarked', () => {
    expect(tenantMark(undefined, 'Worker')).toBeUndefined();
  });
});
