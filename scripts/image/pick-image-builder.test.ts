import { describe, expect, it } from 'vitest';
import { pickImageBuilder } from './pick-image-builder';

describe('pickImageBuilder', () => {
  it('prefers buildah, falls back to podman, and reports neither', () => {
    expect(pickImageBuilder(() => true)).toBe('buildah');
    expect(pickImageBuilder((command) => command === 'podman')).toBe('podman');
    expect(pickImageBuilder(() => false)).toBeUndefined();
  });
});
