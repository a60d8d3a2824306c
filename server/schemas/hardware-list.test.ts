import { describe, expect, it } from 'vitest';
import { confirmAddressInputSchema } from './hardware-list';

describe('confirmAddressInputSchema', () => {
  it('normalises the MAC and takes an IPv4 or IPv6 address', () => {
    expect(confirmAddressInputSchema.parse({ mac: 'AA-BB-CC-DD-EE-01', ip: '10.0.0.7' })).toEqual({
      mac: 'aa:bb:cc:dd:ee:01',
      ip: '10.0.0.7',
    });
    expect(confirmAddressInputSchema.parse({ mac: 'aabb.ccdd.ee01', ip: 'fd00::7' }).ip).toBe('fd00::7');
  });

  it('refuses what is not a MAC or an address, with a reason', () => {
    const bad = confirmAddressInputSchema.safeParse({ mac: 'zz:zz', ip: '10.0.0.300' });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain('"zz:zz" is not a MAC address');
    expect(messages).toContain('ip must be an IPv4 or IPv6 address');
  });
});
