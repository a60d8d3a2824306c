import type { V1Secret } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { generatedSecret } from './create-secret-once';
import { MANAGED_BY, MANAGED_BY_LABEL } from './sync-owned-objects';

describe('generatedSecret', () => {
  const managed = { [MANAGED_BY_LABEL]: MANAGED_BY };
  it.each<[string, V1Secret, V1Secret]>([
    [
      'without labels',
      { metadata: { name: 's', namespace: 'n' }, stringData: { password: 'p' } },
      { metadata: { name: 's', namespace: 'n', labels: managed }, stringData: { password: 'p' } },
    ],
    [
      'with labels of its own',
      { metadata: { name: 's', labels: { app: 'x' } }, data: { k: 'dg==' } },
      { metadata: { name: 's', labels: { app: 'x', ...managed } }, data: { k: 'dg==' } },
    ],
    [
      'already labelled',
      { metadata: { name: 's', labels: managed } },
      { metadata: { name: 's', labels: managed } },
    ],
  ])('%s: gains the managed-by label and keeps everything else', (_name, secret, created) => {
    const before = structuredClone(secret);
    expect(generatedSecret(secret)).toEqual(created);
    expect(secret).toEqual(before);
  });
});
