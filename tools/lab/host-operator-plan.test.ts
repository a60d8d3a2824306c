import { describe, expect, it } from 'vitest';
import type { BareMetalHost, BareMetalHostStatus } from '../../server/types/crds/bare-metal-host';
import { nextHostStep } from './host-operator-plan';

function bmh(
  status: BareMetalHostStatus | undefined,
  {
    online = true,
    annotations = {},
    labels = {},
  }: { online?: boolean; annotations?: Record<string, string>; labels?: Record<string, string> } = {},
): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name: 'h', namespace: 'lab', annotations, labels },
    spec: { online },
    status,
  };
}

const available: BareMetalHostStatus = {
  operationalStatus: 'OK',
  poweredOn: true,
  provisioning: { state: 'available', ID: 'x' },
};

describe('nextHostStep: what Metal3 would do next', () => {
  it('registers a new host, but leaves the seeded lab hosts to the seed', () => {
    expect(nextHostStep(bmh(undefined))).toEqual({ kind: 'register' });
    expect(
      nextHostStep(bmh(undefined, { labels: { 'app.kubernetes.io/part-of': 'rackpilot-lab' } })),
    ).toBeUndefined();
  });

  it('cleans an available host whose firmware settings await it, before anything else', () => {
    expect(nextHostStep(bmh(available), true)).toEqual({ kind: 'prepare', settings: true });
    expect(nextHostStep(bmh(available, { online: false }), true)).toEqual({
      kind: 'prepare',
      settings: true,
    });
    expect(nextHostStep(bmh({ ...available, provisioning: { state: 'provisioned' } }), true)).toBeUndefined();
  });

  it('makes power follow spec.online', () => {
    expect(nextHostStep(bmh(available))).toBeUndefined();
    expect(nextHostStep(bmh(available, { online: false }))).toEqual({ kind: 'power', on: false });
    expect(nextHostStep(bmh({ ...available, poweredOn: false }))).toEqual({ kind: 'power', on: true });
  });

  it('power-cycles a powered-on host on reboot.metal3.io', () => {
    expect(nextHostStep(bmh(available, { annotations: { 'reboot.metal3.io': '' } }))).toEqual({
      kind: 'reboot',
    });
  });

  it('detaches and attaches with the annotation, and otherwise leaves a detached host alone', () => {
    const detachedAnnotation = { 'baremetalhost.metal3.io/detached': '' };
    expect(nextHostStep(bmh(available, { annotations: detachedAnnotation }))).toEqual({ kind: 'detach' });
    const detached = { ...available, operationalStatus: 'detached' as const };
    expect(nextHostStep(bmh(detached, { online: false, annotations: detachedAnnotation }))).toBeUndefined();
    expect(nextHostStep(bmh(detached))).toEqual({ kind: 'attach' });
  });

  it('inspects an available host again on inspect.metal3.io', () => {
    expect(nextHostStep(bmh(available, { annotations: { 'inspect.metal3.io': '' } }))).toEqual({
      kind: 'inspect',
    });
    const provisioned = { ...available, provisioning: { state: 'provisioned' as const, ID: 'x' } };
    expect(nextHostStep(bmh(provisioned, { annotations: { 'inspect.metal3.io': '' } }))).toBeUndefined();
  });

  it('leaves a host whose BMC does not answer as it is', () => {
    const error = { ...available, errorType: 'power management error' as const };
    expect(nextHostStep(bmh(error, { online: false }))).toBeUndefined();
  });
});
