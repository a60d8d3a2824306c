import { describe, expect, it } from 'vitest';
import type { KubernetesObject } from '@kubernetes/client-node';
import { recoveredSince } from './recovered-warnings';

const warnedAt = '2026-06-01T12:00:00.000Z';
const before = '2026-06-01T11:00:00.000Z';
const after = '2026-06-01T12:05:00.000Z';

function host(status: object): KubernetesObject {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name: 'h' },
    spec: { online: true },
    status,
  } as KubernetesObject;
}

function ready(status: string, lastTransitionTime?: string): KubernetesObject {
  return {
    kind: 'SIPCluster',
    metadata: { name: 'c' },
    status: { conditions: [{ type: 'Ready', status, lastTransitionTime }] },
  } as KubernetesObject;
}

describe('recoveredSince', () => {
  it.each([
    { about: 'an object no longer cached', object: undefined, recovered: false },
    {
      about: 'a host still in error',
      object: host({ operationalStatus: 'error', errorType: 'power management error', lastUpdated: after }),
      recovered: false,
    },
    {
      about: 'a host out of its error since',
      object: host({ operationalStatus: 'OK', provisioning: { state: 'available' }, lastUpdated: after }),
      recovered: true,
    },
    {
      about: 'a host fine but last written before the warning',
      object: host({ operationalStatus: 'OK', provisioning: { state: 'available' }, lastUpdated: before }),
      recovered: false,
    },
    { about: 'Ready again after the warning', object: ready('True', after), recovered: true },
    { about: 'Ready since before the warning', object: ready('True', before), recovered: false },
    { about: 'Ready without a time', object: ready('True'), recovered: true },
    { about: 'not Ready', object: ready('False', after), recovered: false },
    {
      about: 'active (Contrail), no conditions',
      object: { kind: 'Cassandra', status: { active: true } },
      recovered: true,
    },
    {
      about: 'an object without health (ConfigMap)',
      object: { kind: 'ConfigMap', metadata: {} },
      recovered: false,
    },
  ])('$about → $recovered', ({ object, recovered }) => {
    expect(recoveredSince(object, warnedAt)).toBe(recovered);
  });
});
