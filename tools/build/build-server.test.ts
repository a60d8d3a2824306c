import { describe, expect, it } from 'vitest';
import { refuseTestPackages, RUNTIME_ENV, runtimeEnv } from './build-server.mjs';

describe('runtimeEnv', () => {
  it('adds the runtime defaults to what the caller has', () => {
    expect(runtimeEnv({ PATH: '/bin' })).toEqual({ PATH: '/bin', ...RUNTIME_ENV });
  });

  it('lets a setting of the caller win over the default', () => {
    expect(runtimeEnv({ MALLOC_ARENA_MAX: '16' }).MALLOC_ARENA_MAX).toBe('16');
  });
});

describe('refuseTestPackages', () => {
  const importing = (...paths: string[]) => ({
    inputs: {
      'tools/testenv/helper.ts': { imports: paths.map((path) => ({ path, external: true })) },
      'server/main.ts': { imports: [{ path: 'tools/testenv/helper.ts' }] },
    },
  });

  it('names the module that imports a test package', () => {
    for (const path of ['vitest', 'vitest/config', '@vitest/expect', '@playwright/test'])
      expect(() => refuseTestPackages(importing('yaml', path))).toThrow(
        `tools/testenv/helper.ts imports ${path}`,
      );
  });

  it('lets the runtime packages through', () => {
    expect(() =>
      refuseTestPackages(importing('yaml', 'prom-client', '@kubernetes/client-node')),
    ).not.toThrow();
  });
});
