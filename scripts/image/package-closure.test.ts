import { describe, expect, it } from 'vitest';
import { packageClosure, resolvePackage, type PackageManifest } from './package-closure';

function installed(manifests: Record<string, PackageManifest>) {
  return { manifest: (dir: string) => manifests[dir] };
}

const tree = installed({
  'node_modules/pg': { dependencies: { 'pg-types': '1' } },
  'node_modules/pg-types': {},
  'node_modules/@prisma/config': { dependencies: { effect: '3' } },
  'node_modules/@prisma/config/node_modules/effect': {},
  'node_modules/effect': { dependencies: { gone: '1' } },
  'node_modules/argon2': { optionalDependencies: { 'argon2-linux': '1', 'argon2-darwin': '1' } },
  'node_modules/argon2-linux': {},
  'node_modules/next': { dependencies: { 'styled-jsx': '1' } },
  'node_modules/styled-jsx': {},
});

describe('resolvePackage', () => {
  it('prefers the nested copy, then the parents', () => {
    expect(resolvePackage(tree, 'node_modules/@prisma/config', 'effect')).toBe(
      'node_modules/@prisma/config/node_modules/effect',
    );
    expect(resolvePackage(tree, 'node_modules/@prisma/config', 'pg')).toBe('node_modules/pg');
    expect(resolvePackage(tree, '', 'missing')).toBeUndefined();
  });
});

describe('packageClosure', () => {
  const none = { excluded: () => false };

  it('follows dependencies and installed optional ones', () => {
    expect(packageClosure(tree, ['pg', 'argon2'], none)).toEqual([
      'node_modules/argon2',
      'node_modules/argon2-linux',
      'node_modules/pg',
      'node_modules/pg-types',
    ]);
  });

  it('takes the copy Node would load, not the hoisted one', () => {
    expect(packageClosure(tree, ['@prisma/config'], none)).toEqual([
      'node_modules/@prisma/config',
      'node_modules/@prisma/config/node_modules/effect',
    ]);
  });

  it('leaves out excluded packages and what only they need', () => {
    expect(packageClosure(tree, ['next', 'pg'], { excluded: (name) => name === 'next' })).toEqual([
      'node_modules/pg',
      'node_modules/pg-types',
    ]);
  });

  it('fails on a required dependency that is not installed, and skips a missing root', () => {
    expect(() => packageClosure(tree, ['effect'], none)).toThrow('gone (needed by effect) is not installed');
    expect(packageClosure(tree, ['bufferutil', 'pg-types'], none)).toEqual(['node_modules/pg-types']);
  });
});
