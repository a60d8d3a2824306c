import { describe, expect, it } from 'vitest';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { hostFilterSchema } from '../hosts/host-query';
import { actionSkip, labelsAfter, type HostJobSpec } from './bulk-host-step';

function host(options: { online?: boolean; state?: string; labels?: Record<string, string> }): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name: 'h1', namespace: 'lab', labels: options.labels ?? {} },
    spec: { online: options.online ?? true },
    status: {
      poweredOn: options.online ?? true,
      provisioning: { state: (options.state ?? 'available') as 'available', ID: '' },
    },
  };
}

const job = (action: HostJobSpec['action'], labels?: HostJobSpec['labels']): HostJobSpec => ({
  kind: 'hosts',
  id: 'job',
  action,
  filter: hostFilterSchema.parse({}),
  labels,
});

describe('labelsAfter', () => {
  it.each<{
    current: Record<string, string>;
    set: Record<string, string>;
    remove: string[];
    after: Record<string, string>;
  }>([
    { current: { a: '1' }, set: { b: '2' }, remove: [], after: { a: '1', b: '2' } },
    { current: { a: '1', b: '2' }, set: { a: '3' }, remove: ['b'], after: { a: '3' } },
    { current: {}, set: {}, remove: ['absent'], after: {} },
  ])('$current with $set, less $remove', ({ current, set, remove, after }) => {
    expect(labelsAfter(current, { set, remove })).toEqual(after);
  });
});

describe('actionSkip', () => {
  it.each([
    { spec: job('power-off'), host: host({}), why: undefined },
    {
      spec: job('power-off'),
      host: host({ online: false }),
      why: 'Power off does not apply: it is already off or a power-off is pending',
    },
    { spec: job('power-on'), host: host({ online: false }), why: undefined },
    { spec: job('delete'), host: host({}), why: undefined },
    {
      spec: job('delete'),
      host: host({ state: 'provisioned' }),
      why: 'it is provisioned or claimed by a tenant cluster: delete it from its own page, with its name typed',
    },
    { spec: job('labels', { set: { a: '1' }, remove: [] }), host: host({}), why: undefined },
    {
      spec: job('labels', { set: { a: '1' }, remove: ['b'] }),
      host: host({ labels: { a: '1' } }),
      why: 'its labels are already as asked',
    },
  ])('$spec.action on $host.spec, $host.metadata.labels: $why', ({ spec, host: object, why }) => {
    expect(actionSkip(spec, object)).toBe(why);
  });
});
