import { describe, expect, it } from 'vitest';
import type { HardwareData } from '../../types/crds/hardware-data';
import { sightingOf } from './hardware-data-controller';

const data = (metadata: HardwareData['metadata'], hardware?: object): HardwareData => ({
  apiVersion: 'metal3.io/v1alpha1',
  kind: 'HardwareData',
  metadata,
  ...(hardware ? { spec: { hardware } } : {}),
});

describe('sightingOf', () => {
  it('hands on a HardwareData with its hardware, naming the host and the version', () => {
    expect(
      sightingOf(data({ namespace: 'lab', name: 'a', uid: 'u1', resourceVersion: '9' }, { ramMebibytes: 1 })),
    ).toEqual({
      namespace: 'lab',
      name: 'a',
      uid: 'u1',
      resourceVersion: '9',
      hardware: { ramMebibytes: 1 },
    });
  });

  it('skips one without hardware yet, or without a name or uid', () => {
    expect(sightingOf(data({ namespace: 'lab', name: 'a', uid: 'u1' }))).toBeUndefined();
    expect(sightingOf(data({ namespace: 'lab', uid: 'u1' }, {}))).toBeUndefined();
    expect(sightingOf(data({ namespace: 'lab', name: 'a' }, {}))).toBeUndefined();
  });
});
