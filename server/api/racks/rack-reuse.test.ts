import { describe, expect, it } from 'vitest';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { buildHostRow } from '../hosts/host-row';
import { DEFAULT_RACK_SETTINGS } from '../../schemas/rack-settings';
import { eachRack, rackReuse, rackSourceOf, type RackReuse } from './rack-reuse';
import type { RackHostSource } from './rack-view';

function host(name: string, rack: string): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name, namespace: 'lab', resourceVersion: '1', labels: { 'rackpilot.io/rack': rack } },
    spec: { online: true },
  };
}

function source(name: string, rack: string): RackHostSource {
  const object = host(name, rack);
  return rackSourceOf(
    object,
    buildHostRow(object, () => undefined),
  );
}

/** Each rack as the names of its hosts, and the racks `make` was called for. */
function grouped(sources: readonly RackHostSource[], reuse?: RackReuse<string[]>) {
  const made: string[] = [];
  const racks = eachRack(
    sources,
    DEFAULT_RACK_SETTINGS,
    (group) => {
      made.push(group[0]?.indexed.row.rack ?? '');
      return group.map((each) => each.indexed.row.name);
    },
    reuse,
  );
  return { racks, made };
}

describe('rackSourceOf', () => {
  it('gives the same source for the same row, and a new one for a new row of the host', () => {
    const object = host('a1', 'rack-a');
    const row = buildHostRow(object, () => undefined);
    const first = rackSourceOf(object, row);
    expect(rackSourceOf(object, row)).toBe(first);
    expect(first).toEqual({ host: object, indexed: row });
    const again = buildHostRow(object, () => undefined);
    expect(rackSourceOf(object, again)).not.toBe(first);
    expect(rackSourceOf(object, again).indexed).toBe(again);
  });
});

describe('eachRack reusing racks', () => {
  const a1 = source('a1', 'rack-a');
  const b1 = source('b1', 'rack-b');
  const a2 = source('a2', 'rack-a');
  const c1 = source('c1', 'rack-c');
  const fleet = () => [a1, b1, a2, c1];

  it('makes only the racks whose hosts changed, moved, came or went, as a build without reuse groups them', () => {
    const reuse = rackReuse<string[]>();
    const sources = fleet();
    expect(grouped(sources, reuse).made).toEqual(['rack-a', 'rack-b', 'rack-c']);
    expect(grouped(sources, reuse).made).toEqual([]);
    // a2 moves to rack-b, c1 is gone, d1 is new.
    const next = [a1, b1, source('a2', 'rack-b'), source('d1', 'rack-d')];
    const { racks, made } = grouped(next, reuse);
    expect(made).toEqual(['rack-a', 'rack-b', 'rack-d']);
    expect(racks).toEqual(grouped(next).racks);
    expect(racks).toEqual([['a1'], ['b1', 'a2'], ['d1']]);
  });

  it('makes a rack again when its hosts come in another order', () => {
    const reuse = rackReuse<string[]>();
    const sources = fleet();
    grouped(sources, reuse);
    const swapped = [a2, b1, a1, c1];
    const { racks, made } = grouped(swapped, reuse);
    expect(made).toEqual(['rack-a']);
    expect(racks).toEqual([['a2', 'a1'], ['b1'], ['c1']]);
  });

  it('keeps the rack of the build before, the same object, when its rows are', () => {
    const reuse = rackReuse<string[]>();
    const sources = fleet();
    const first = grouped(sources, reuse).racks;
    const changed = [...sources];
    changed[3] = source('c1', 'rack-c');
    const second = grouped(changed, reuse).racks;
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    expect(second[2]).not.toBe(first[2]);
  });
});
