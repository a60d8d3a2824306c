import { EventEmitter } from 'node:events';
import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { InformerSet } from '../../kube/informer-set';
import { secretResource, type ResourceDescriptor } from '../../kube/resource';
import { EVERY_NAMESPACE } from '../../access/namespace-scope';
import type { Runtime } from '../../runtime';
import { DEFAULT_RACK_SETTINGS } from '../../schemas/rack-settings';
import { bareMetalHostResource, type BareMetalHost } from '../../types/crds/bare-metal-host';
import { sipClusterResource } from '../../types/crds/sip-cluster';
import { wallChanges } from './live.handler';
import { WALL_KINDS, wallOf } from './wall-board';

function bmh(flavor: string, poweredOn: boolean): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { namespace: 'lab', name: 'r1-n01', labels: { 'rackpilot.io/flavor': flavor } },
    spec: { online: true },
    status: { provisioning: { state: 'available' }, poweredOn },
  } as unknown as BareMetalHost;
}

/** The wall's subscription over caches never started: their events are emitted by hand, as a watch would. */
function subscribed(resources = [bareMetalHostResource, sipClusterResource, secretResource]) {
  const informers = new InformerSet(new KubeConfig(), resources);
  const store = new EventEmitter();
  const calls = { count: 0 };
  const stop = wallChanges({ informers, racks: DEFAULT_RACK_SETTINGS, boot: { store } })(() => {
    calls.count += 1;
  });
  return { informers, store, calls, stop };
}

describe('what rebuilds the wall', () => {
  it('a host change it shows, not one it does not; a kind it shows and the boot service always; no other kind', () => {
    const { informers, store, calls, stop } = subscribed();
    const hosts = informers.of(bareMetalHostResource) as unknown as EventEmitter;
    // As the informer tells its listeners: the object's event, then `change` for those that hear any.
    const updated = (object: BareMetalHost, previous: BareMetalHost) => {
      hosts.emit('update', object, previous);
      hosts.emit('change');
    };
    updated(bmh('storage', true), bmh('worker', true));
    expect(calls.count).toBe(0);
    updated(bmh('storage', false), bmh('storage', true));
    expect(calls.count).toBe(1);
    hosts.emit('delete', bmh('storage', false));
    hosts.emit('change');
    expect(calls.count).toBe(2);
    informers.of(secretResource).emit('change');
    expect(calls.count).toBe(2);
    informers.of(sipClusterResource).emit('change');
    expect(calls.count).toBe(3);
    store.emit('state');
    store.emit('change');
    expect(calls.count).toBe(5);
    stop();
    updated(bmh('storage', true), bmh('storage', false));
    informers.of(sipClusterResource).emit('change');
    store.emit('change');
    expect(calls.count).toBe(5);
  });

  it('hears the kinds it shows when hosts are not cached', () => {
    const { informers, calls } = subscribed([sipClusterResource]);
    informers.of(sipClusterResource).emit('change');
    expect(calls.count).toBe(1);
  });

  it('names every kind the wall reads: WALL_KINDS and hosts', () => {
    const resources: ResourceDescriptor[] = [bareMetalHostResource, secretResource, ...WALL_KINDS];
    const informers = new InformerSet(new KubeConfig(), resources);
    const read = new Set<string>();
    const of = informers.of.bind(informers);
    informers.of = ((resource: ResourceDescriptor) => {
      read.add(resource.kind);
      return of(resource);
    }) as typeof informers.of;
    const runtime = {
      informers,
      racks: DEFAULT_RACK_SETTINGS,
      buildId: 'b',
      boot: { store: { all: () => [] } },
    } as unknown as Runtime;
    wallOf(runtime, EVERY_NAMESPACE, true);
    expect([...read].sort()).toEqual([bareMetalHostResource, ...WALL_KINDS].map((r) => r.kind).sort());
  });
});
