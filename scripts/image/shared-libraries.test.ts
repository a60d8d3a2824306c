import { describe, expect, it } from 'vitest';
import { sharedLibraries } from './shared-libraries';

describe('sharedLibraries', () => {
  it('lists the resolved libraries and the loader, not the vDSO', () => {
    const ldd = [
      '\tlinux-vdso.so.1 (0x00007ffd)',
      '\tlibstdc++.so.6 => /lib/x86_64-linux-gnu/libstdc++.so.6 (0x00007fa702e00000)',
      '\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007fa702b3e000)',
      '\t/lib64/ld-linux-x86-64.so.2 (0x00007fa70305c000)',
      '',
    ].join('\n');
    expect(sharedLibraries(ldd)).toEqual([
      '/lib/x86_64-linux-gnu/libstdc++.so.6',
      '/lib/x86_64-linux-gnu/libc.so.6',
      '/lib64/ld-linux-x86-64.so.2',
    ]);
  });

  it('fails when a library is missing', () => {
    expect(() => sharedLibraries('\tlibicu.so.72 => not found')).toThrow('libicu.so.72 => not found');
  });
});
