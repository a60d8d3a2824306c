import { describe, expect, it } from 'vitest';
import { RUNTIME_ENV, runtimeEnv } from './build-server.mjs';

describe('runtimeEnv', () => {
  it('adds the runtime defaults to what the caller has', () => {
    expect(runtimeEnv({ PATH: '/bin' })).toEqual({ PATH: '/bin', ...RUNTIME_ENV });
  });

  it('lets a setting of the caller win over the default', () => {
    expect(runtimeEnv({ MALLOC_ARENA_MAX: '16' }).MALLOC_ARENA_MAX).toBe('16');
  });
});
