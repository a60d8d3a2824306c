import { EventEmitter } from 'node:events';
import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { InformerSet } from '../kube/informer-set';
import { configMapResource, secretResource, serviceResource } from '../kube/resource';
import { changesOf, eventsOf, objectChangesOf } from './change-subscription';

/** Two caches that are never started: their 'change' is emitted by hand, as a watch would. */
function caches() {
  return new InformerSet(new KubeConfig(), [secretResource, configMapResource]);
}

function counter() {
  const calls = { count: 0 };
  const onChange = () => {
    calls.count += 1;
  };
  return { calls, onChange };
}

describe('changesOf', () => {
  it('hears the given kinds only, and stops hearing them when stopped', () => {
    const informers = caches();
    const { calls, onChange } = counter();
    const stop = changesOf(informers, [secretResource])(onChange);
    informers.of(secretResource).emit('change');
    informers.of(configMapResource).emit('change');
    expect(calls.count).toBe(1);
    stop();
    informers.of(secretResource).emit('change');
    expect(calls.count).toBe(1);
  });

  it('hears every cached kind when no kind is given, and nothing of a kind not cached', () => {
    const informers = caches();
    const { calls, onChange } = counter();
    changesOf(informers)(onChange);
    informers.of(secretResource).emit('change');
    informers.of(configMapResource).emit('change');
    expect(calls.count).toBe(2);
    const none = counter();
    changesOf(informers, [serviceResource])(none.onChange);
    informers.of(secretResource).emit('change');
    expect(none.calls.count).toBe(0);
  });

  it('adds the events of other emitters, and stops them with the caches', () => {
    const informers = caches();
    const store = new EventEmitter();
    const { calls, onChange } = counter();
    const stop = changesOf(informers, [secretResource], eventsOf(store, 'change', 'state'))(onChange);
    store.emit('change');
    store.emit('state');
    store.emit('other');
    informers.of(secretResource).emit('change');
    expect(calls.count).toBe(3);
    stop();
    store.emit('change');
    informers.of(secretResource).emit('change');
    expect(calls.count).toBe(3);
    expect(store.listenerCount('change') + store.listenerCount('state')).toBe(0);
  });
});

describe('objectChangesOf', () => {
  it('hears the adds, updates and deletes that concern the view, with the previous version of an update', () => {
    const cache = new EventEmitter();
    const heard: [string, string | undefined][] = [];
    const { calls, onChange } = counter();
    const stop = objectChangesOf<{ name: string }>(cache, (object, previous) => {
      heard.push([object.name, previous?.name]);
      return object.name.startsWith('shown') || previous?.name.startsWith('shown') === true;
    })(onChange);
    cache.emit('update', { name: 'other-2' }, { name: 'other-1' });
    expect(calls.count).toBe(0);
    cache.emit('update', { name: 'shown-2' }, { name: 'other-1' });
    cache.emit('update', { name: 'other-3' }, { name: 'shown-2' });
    cache.emit('add', { name: 'shown-4' });
    cache.emit('delete', { name: 'other-5' });
    expect(calls.count).toBe(3);
    expect(heard).toEqual([
      ['other-2', 'other-1'],
      ['shown-2', 'other-1'],
      ['other-3', 'shown-2'],
      ['shown-4', undefined],
      ['other-5', undefined],
    ]);
    stop();
    cache.emit('add', { name: 'shown-6' });
    expect(calls.count).toBe(3);
    expect(cache.listenerCount('add') + cache.listenerCount('update') + cache.listenerCount('delete')).toBe(
      0,
    );
  });
});
