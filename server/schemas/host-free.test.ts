import { describe, expect, it } from 'vitest';
import type { BareMetalHost } from '../types/crds/bare-metal-host';
import { claimOf, whyNotFree, type NotFree } from './host-free';

interface Shape {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  consumer?: BareMetalHost['spec']['consumerRef'];
  state?: string;
  online?: boolean;
  operational?: string;
  errorType?: string;
  deleting?: boolean;
}

function host(shape: Shape = {}): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: {
      name: 'h1',
      namespace: 'metal3',
      labels: shape.labels,
      annotations: shape.annotations,
      deletionTimestamp: shape.deleting ? new Date('2026-01-01T00:00:00Z') : undefined,
    },
    spec: { online: shape.online ?? true, consumerRef: shape.consumer },
    status: {
      provisioning: shape.state === '' ? undefined : { state: shape.state ?? 'available' },
      operationalStatus: shape.operational ?? 'OK',
      errorType: shape.errorType,
    },
  } as BareMetalHost;
}

const SIP = { 'sip.airshipit.org/cluster-namespace': 'tenants', 'sip.airshipit.org/cluster-name': 'a' };
const M3M = { kind: 'Metal3Machine', namespace: 'capi', name: 'worker-0' };

describe('whyNotFree', () => {
  it.each<[string, Shape, NotFree | undefined]>([
    ['available, on, nothing holds it', {}, undefined],
    ["BMO's legacy ready state", { state: 'ready' }, undefined],
    [
      'labelled for a SIPCluster',
      { labels: SIP },
      { kind: 'claimed', reason: 'labelled for SIPCluster tenants/a' },
    ],
    [
      'a cluster-name label without the namespace label: the host namespace',
      { labels: { 'sip.airshipit.org/cluster-name': 'a' } },
      { kind: 'claimed', reason: 'labelled for SIPCluster metal3/a' },
    ],
    [
      'consumed by a Metal3Machine, provisioned',
      { consumer: M3M, state: 'provisioned' },
      { kind: 'claimed', reason: 'consumed by Metal3Machine capi/worker-0' },
    ],
    [
      'a consumer without kind or namespace',
      { consumer: { name: 'm' } },
      { kind: 'claimed', reason: 'consumed by object metal3/m' },
    ],
    [
      'labelled and consumed: the SIPCluster is named',
      { labels: SIP, consumer: M3M },
      { kind: 'claimed', reason: 'labelled for SIPCluster tenants/a' },
    ],
    ['being deleted', { deleting: true }, { kind: 'unavailable', reason: 'being deleted' }],
    ['no state written yet', { state: '' }, { kind: 'unavailable', reason: 'no provisioning state' }],
    ['inspecting', { state: 'inspecting' }, { kind: 'unavailable', reason: 'inspecting' }],
    [
      'provisioned by hand, nothing consumes it',
      { state: 'provisioned' },
      { kind: 'unavailable', reason: 'provisioned' },
    ],
    [
      'detached by annotation',
      { annotations: { 'baremetalhost.metal3.io/detached': '' } },
      { kind: 'unavailable', reason: 'detached' },
    ],
    ['detached by status', { operational: 'detached' }, { kind: 'unavailable', reason: 'detached' }],
    [
      'paused',
      { annotations: { 'baremetalhost.metal3.io/paused': '' } },
      { kind: 'unavailable', reason: 'paused' },
    ],
    ['powered off', { online: false }, { kind: 'unavailable', reason: 'powered off' }],
    ['operational error', { operational: 'error' }, { kind: 'unavailable', reason: 'in error' }],
    [
      'an error type alone',
      { errorType: 'power management error' },
      { kind: 'unavailable', reason: 'in error' },
    ],
  ])('%s', (_, shape, expected) => {
    expect(whyNotFree(host(shape))).toEqual(expected);
  });

  it('claimOf is the claimed part alone: an inspecting host nothing holds is unclaimed', () => {
    expect(claimOf(host({ state: 'inspecting' }))).toBeUndefined();
    expect(claimOf(host({ consumer: M3M }))).toBe('consumed by Metal3Machine capi/worker-0');
  });
});
