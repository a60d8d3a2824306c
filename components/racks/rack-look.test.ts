import { describe, expect, it } from 'vitest';
import type { HostStatusView } from '@/server/api/hosts/host-row';
import { boxGlyph, boxLook, boxWord } from './rack-look';

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
