import { EventEmitter } from 'node:events';
import type { KubernetesObject } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { MutationCache, sameOrLater } from './mutation-cache';

/** A cache view with informer events, driven by hand. */
class FakeSource extends EventEmitter {
  readonly store = new Map<string, KubernetesObject>();
  list(): KubernetesObject[] {
    return [...this.store.values()];
  }
  get(name: string, namespace?: string): KubernetesObject | undefined {
    return this.store.get(`${namespace ?? ''}/${name}`);
  }
  deliver(object: KubernetesObject): void {
    const key = `${object.metadata?.namespace ?? ''}/${object.metadata?.name ?? ''}`;
    const previous = this.store.get(key);
    this.store.set(key, object);
    this.emit(previous ? 'update' : 'add', object, previous);
  }
  remove(object: KubernetesObject): void {
    this.store.delete(`${object.metadata?.namespace ?? ''}/${object.metadata?.name ?? ''}`);
    this.emit('delete', object);
  }
}

function host(resourceVersion: string, owner?: string): KubernetesObject {
  return {
    metadata: { namespace: 'lab', name: 'h1', resourceVersion, labels: owner ? { owner } : {} },
  };
}

function ownersSeen(cache: MutationCache<KubernetesObject>): (string | undefined)[] {
  const seen = cache.get('h1', 'lab');
  return seen ? [seen.metadata?.labels?.owner] : [];
}

function setUp(ttlMs = 30_000) {
  const source = new FakeSource();
  let clock = 0;
  const cache = new MutationCache<KubernetesObject>(source, ttlMs, () => clock);
  source.deliver(host('1'));
  return { source, cache, advance: (ms: number) => (clock += ms) };
}

describe('MutationCache', () => {
  it('shows an assumed object while its write is in flight, even when the watch delivers nothing', () => {
    const { cache } = setUp();
    cache.assume(host('1', 'a'));
    expect(ownersSeen(cache)).toEqual(['a']);
  });

  it('keeps the written object until the watch delivers that resourceVersion', () => {
    const { source, cache } = setUp();
    cache.assume(host('1', 'a'));
    cache.written(host('2', 'a'));
    source.deliver(host('1.5'));
    expect(ownersSeen(cache)).toEqual(['a']);
    source.deliver(host('2', 'a'));
    expect(cache.size).toBe(0);
    expect(ownersSeen(cache)).toEqual(['a']);
  });

  it('does not hold a written object the watch delivered before the write returned', () => {
    const { source, cache } = setUp();
    cache.assume(host('1', 'a'));
    source.deliver(host('2', 'a'));
    cache.written(host('2', 'a'));
    expect(cache.size).toBe(0);
    source.deliver(host('3'));
    expect(ownersSeen(cache)).toEqual([undefined]);
  });

  it('does not hold a written object the watch delivered, with a later change, before the write returned', () => {
    const { source, cache } = setUp();
    source.deliver(host('2', 'a'));
    source.deliver(host('3', 'marked for deletion'));
    cache.written(host('2', 'a'));
    expect(cache.size).toBe(0);
    expect(cache.get('h1', 'lab')?.metadata?.labels?.owner).toBe('marked for deletion');
  });

  it('lets go of a written object once the watch delivers any later version', () => {
    const { source, cache } = setUp();
    cache.written(host('9', 'a'));
    source.deliver(host('10', 'b'));
    expect(cache.size).toBe(0);
    expect(ownersSeen(cache)).toEqual(['b']);
  });

  it('answers get with the same view as list', () => {
    const { source, cache } = setUp();
    cache.written(host('2', 'a'));
    expect(cache.get('h1', 'lab')?.metadata?.labels?.owner).toBe('a');
    source.deliver(host('2', 'a'));
    expect(cache.get('h1', 'lab')?.metadata?.resourceVersion).toBe('2');
    expect(cache.get('h2', 'lab')).toBeUndefined();
  });

  it('goes back to the cache when the write failed', () => {
    const { cache } = setUp();
    cache.assume(host('1', 'a'));
    cache.forget(host('1', 'a'));
    expect(ownersSeen(cache)).toEqual([undefined]);
  });

  it('drops entries after the time limit, so an unconfirmed write cannot hide the cache for ever', () => {
    const { cache, advance } = setUp(1000);
    cache.written(host('2', 'a'));
    advance(999);
    expect(ownersSeen(cache)).toEqual(['a']);
    advance(1);
    expect(ownersSeen(cache)).toEqual([undefined]);
  });

  it('forgets a deleted object', () => {
    const { source, cache } = setUp();
    cache.written(host('2', 'a'));
    source.remove(host('1'));
    expect(cache.size).toBe(0);
    expect(cache.get('h1', 'lab')).toBeUndefined();
  });

  it('finds an object this process created before the watch delivers it, but not one only assumed', () => {
    const { source, cache } = setUp();
    const created = (rv: string): KubernetesObject => ({
      metadata: { namespace: 'lab', name: 'h2', resourceVersion: rv },
    });
    cache.assume(created('0'));
    expect(cache.get('h2', 'lab')).toBeUndefined();
    cache.written(created('5'));
    expect(cache.get('h2', 'lab')?.metadata?.resourceVersion).toBe('5');
    source.deliver(created('5'));
    expect(cache.size).toBe(0);
  });

  it('drops an unconfirmed entry that get finds past its time limit', () => {
    const { cache, advance } = setUp(1000);
    cache.written({ metadata: { namespace: 'lab', name: 'h3', resourceVersion: '7' } });
    advance(1000);
    expect(cache.get('h3', 'lab')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe('sameOrLater', () => {
  it.each([
    ['10', '9', true],
    ['9', '10', false],
    ['10', '10', true],
    ['123', '124', false],
    ['abc', 'abc', true],
    ['abc', '1', false],
    [undefined, '1', false],
  ])('%s after %s: %s', (a, b, expected) => {
    expect(sameOrLater(a, b)).toBe(expected);
  });
});
