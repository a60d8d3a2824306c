import { EventEmitter } from 'node:events';
import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../tools/testenv/eventually';
import { EVERY_NAMESPACE } from '../../access/namespace-scope';
import { InformerSet } from '../../kube/informer-set';
import type { Runtime } from '../../runtime';
import { bareMetalHostResource, type BareMetalHost } from '../../types/crds/bare-metal-host';
import type { LiveMessage } from '../../types/live-message';
import { SharedLiveViews, sharedIntervalMs } from '../shared-live-view';
import type { Context } from '../trpc';
import { hostQuerySchema, type HostPage } from './host-query';
import { HOSTS_MS_PER_SCREEN, listHandler } from './list.handler';

describe('the hosts list interval', () => {
  it.each([
    { screens: 1, expected: 250 },
    { screens: 100, expected: 250 },
    { screens: 200, expected: 500 },
  ])('$screens consoles on one page wait $expected ms between builds', ({ screens, expected }) => {
    expect(sharedIntervalMs(250, screens, HOSTS_MS_PER_SCREEN)).toBe(expected);
  });
});

function bmh(name: string, flavor: string): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { namespace: 'lab', name, labels: { 'rackpilot.io/flavor': flavor } },
    spec: { online: true },
  };
}

/** Subscribes the hosts list with `search` over a cache never started: its events are emitted by hand. */
function subscribe(search: string) {
  const informers = new InformerSet(new KubeConfig(), [bareMetalHostResource]);
  const ctx = { runtime: { informers, liveViews: new SharedLiveViews() }, scope: EVERY_NAMESPACE };
  const controller = new AbortController();
  const messages: LiveMessage<HostPage>[] = [];
  const live = listHandler({
    ctx: ctx as unknown as Context & { runtime: Runtime },
    input: hostQuerySchema.parse({ search }),
    signal: controller.signal,
  });
  const done = (async () => {
    for await (const message of live) messages.push(message);
  })();
  const cache = informers.of(bareMetalHostResource) as unknown as EventEmitter;
  // As the informer tells its listeners: the object's event, then `change` for those that hear any.
  const updated = (object: BareMetalHost, previous: BareMetalHost) => {
    cache.emit('update', object, previous);
    cache.emit('change');
  };
  const deleted = (object: BareMetalHost) => {
    cache.emit('delete', object);
    cache.emit('change');
  };
  return { updated, deleted, messages, stop: () => (controller.abort(), done) };
}

describe('the hosts list with a search', () => {
  it('re-checks for a host its search matches, or matched, and for one added or deleted; not for the rest', async () => {
    const { updated, deleted, messages, stop } = subscribe('r1-');
    await eventually(() => {
      expect(messages).toHaveLength(1);
    });
    const outside = bmh('r2-n01', 'worker');
    updated(bmh('r2-n01', 'storage'), outside);
    updated(bmh('r2-n01', 'control-plane'), outside);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(messages).toHaveLength(1);

    updated(bmh('r1-n01', 'storage'), bmh('r1-n01', 'worker'));
    await eventually(() => {
      expect(messages).toHaveLength(2);
    });
    deleted(outside);
    await eventually(() => {
      expect(messages).toHaveLength(3);
    });
    await stop();
  });

  it('without a search, re-checks for every host', async () => {
    const { updated, messages, stop } = subscribe('');
    await eventually(() => {
      expect(messages).toHaveLength(1);
    });
    updated(bmh('r2-n01', 'storage'), bmh('r2-n01', 'worker'));
    await eventually(() => {
      expect(messages).toHaveLength(2);
    });
    await stop();
  });
});
