import { describe, expect, it } from 'vitest';
import { RackStore } from './rack-store';
import { rackBox, rackOf, racksDelta } from './rack-test-boxes';

const a1 = rackBox('lab/a1', 1);
const a2 = rackBox('lab/a2', 2);
const b1 = rackBox('lab/b1', 1);

/** A store holding racks r1 (a1, a2) and r2 (b1), and what each of its listeners heard. */
function filled() {
  const store = new RackStore();
  store.apply(racksDelta(true, ['r1', 'r2'], rackOf('r1', a1, a2), rackOf('r2', b1)));
  const heard: string[] = [];
  store.subscribeView(() => heard.push('view'));
  for (const key of ['lab/a1', 'lab/a2', 'lab/b1', 'lab/c1']) store.subscribeBox(key, () => heard.push(key));
  return { store, heard };
}

describe('RackStore', () => {
  it('takes a full message as the whole view', () => {
    const { store } = filled();
    expect(store.getView()?.racks.map((rack) => [rack.name, rack.placed.map((place) => place.key)])).toEqual([
      ['r1', ['lab/a1', 'lab/a2']],
      ['r2', ['lab/b1']],
    ]);
    expect(store.getBox('lab/a2')).toBe(a2);
  });

  it('tells only the changed host’s box when a host changes in place', () => {
    const { store, heard } = filled();
    const view = store.getView();
    const frame = view?.racks[0];
    const off = rackBox('lab/a2', 2, { power: 'off', resourceVersion: '2' });
    expect(store.apply(racksDelta(false, ['r1', 'r2'], rackOf('r1', a1, off)))).toBe(true);
    expect(heard).toEqual(['lab/a2']);
    expect(store.getView()).toBe(view);
    expect(store.getView()?.racks[0]).toBe(frame);
    expect(store.getBox('lab/a2')).toBe(off);
    expect(store.getBox('lab/a1')).toBe(a1);
  });

  it('redraws a rack’s frame when a box moves, and the boxes that changed', () => {
    const { store, heard } = filled();
    const frame = store.getView()?.racks[0];
    const moved = rackBox('lab/a2', 7);
    store.apply(racksDelta(false, ['r1', 'r2'], rackOf('r1', a1, moved)));
    expect(heard).toEqual(['view', 'lab/a2']);
    expect(store.getView()?.racks[0]).not.toBe(frame);
    expect(store.getView()?.racks[1]?.placed[0]?.key).toBe('lab/b1');
  });

  it('forgets the hosts of a rack gone and tells their boxes', () => {
    const { store, heard } = filled();
    store.apply(racksDelta(false, ['r2'], rackOf('r2', b1)));
    expect(heard).toEqual(['view', 'lab/a1', 'lab/a2']);
    expect(store.getBox('lab/a1')).toBeUndefined();
    expect(store.getView()?.racks.map((rack) => rack.name)).toEqual(['r2']);
  });

  it('keeps a host that moves to another rack', () => {
    const { store, heard } = filled();
    store.apply(racksDelta(false, ['r1', 'r2'], rackOf('r1', a1), rackOf('r2', b1, a2)));
    expect(heard).toEqual(['view']);
    expect(store.getBox('lab/a2')).toBe(a2);
    expect(store.getView()?.racks[1]?.placed.map((place) => place.key)).toEqual(['lab/b1', 'lab/a2']);
  });

  it('refuses, changing nothing, a delta naming a rack never sent or coming before any full one', () => {
    const { store, heard } = filled();
    const view = store.getView();
    expect(store.apply(racksDelta(false, ['r1', 'r9'], rackOf('r1', a1)))).toBe(false);
    expect(store.getView()).toBe(view);
    expect(store.getBox('lab/a2')).toBe(a2);
    expect(heard).toEqual([]);
    expect(new RackStore().apply(racksDelta(false, ['r1'], rackOf('r1', a1)))).toBe(false);
  });

  it('replaces everything on a full message, telling every box', () => {
    const { store, heard } = filled();
    const c1 = rackBox('lab/c1', 4);
    store.apply(racksDelta(true, ['r3'], rackOf('r3', c1)));
    expect(heard).toEqual(['view', 'lab/a1', 'lab/a2', 'lab/b1', 'lab/c1']);
    expect(store.getBox('lab/a1')).toBeUndefined();
    expect(store.getBox('lab/c1')).toBe(c1);
  });

  it('stops telling a listener once it unsubscribes', () => {
    const store = new RackStore();
    store.apply(racksDelta(true, ['r1'], rackOf('r1', a1)));
    const heard: string[] = [];
    const stop = store.subscribeBox('lab/a1', () => heard.push('a1'));
    stop();
    store.apply(racksDelta(false, ['r1'], rackOf('r1', rackBox('lab/a1', 1, { power: 'off' }))));
    expect(heard).toEqual([]);
  });
});
