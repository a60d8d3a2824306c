import { describe, expect, it } from 'vitest';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { buildHostRow } from '../hosts/host-row';
import { hostFilter } from '../hosts/host-query';
import { DEFAULT_RACK_SETTINGS } from '../../schemas/rack-settings';
import { rackReuse } from './rack-reuse';
import {
  buildRacksView,
  racksMemo,
  summariseRacks,
  type RackDrawing,
  type RackHostSource,
} from './rack-view';

const noFilter = { search: '', state: [], rack: [], flavor: [], claim: [] };

function source(
  name: string,
  rack: string | undefined,
  slot: string | undefined,
  options: { error?: boolean; annotationSlot?: boolean; resourceVersion?: string } = {},
): RackHostSource {
  const position = slot === undefined ? {} : { [DEFAULT_RACK_SETTINGS.slotKey]: slot };
  const host: BareMetalHost = {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: {
      name,
      namespace: 'lab',
      resourceVersion: options.resourceVersion ?? '1',
      labels: { ...(rack ? { 'rackpilot.io/rack': rack } : {}), ...(options.annotationSlot ? {} : position) },
      annotations: options.annotationSlot ? position : undefined,
    },
    spec: { online: true },
    status: {
      provisioning: { state: 'available' },
      operationalStatus: options.error ? 'error' : 'OK',
      poweredOn: true,
      lastUpdated: '2026-01-05T09:00:00Z',
    },
  };
  return { host, indexed: buildHostRow(host, () => undefined) };
}

describe('buildRacksView', () => {
  it('sorts racks with problems first, counting hosts in error and misplaced hosts, rackless last', () => {
    const view = buildRacksView(
      [
        source('a1', 'rack-a', '1'),
        source('b1', 'rack-b', '1', { error: true }),
        source('c1', 'rack-c', '3'),
        source('c2', 'rack-c', '3'),
        source('loose', undefined, undefined),
        source('d1', 'rack-d', '2', { annotationSlot: true }),
      ],
      DEFAULT_RACK_SETTINGS,
      hostFilter(noFilter),
    );
    expect(view.racks.map((rack) => [rack.name, rack.problems])).toEqual([
      ['rack-b', 1],
      ['rack-c', 2],
      ['rack-a', 0],
      ['rack-d', 0],
      ['', 0],
    ]);
    expect(view.racks[3]?.placed[0]).toMatchObject({
      slot: 2,
      height: 1,
      lastChange: '2026-01-05T09:00:00Z',
    });
    expect(view).toMatchObject({ units: 42, hosts: 6, matched: 6 });
  });

  it('carries per box what the box and its card draw, not the hosts list’s row', () => {
    const tenant = source('t1', 'r', '3');
    Object.assign(tenant.host.metadata.labels ?? {}, {
      'sip.airshipit.org/cluster-namespace': 'tenants',
      'sip.airshipit.org/cluster-name': 'blue',
      'sip.airshipit.org/node-type': 'Worker',
    });
    tenant.host.spec.bmc = { address: 'redfish://10.0.0.3/redfish/v1/Systems/1', credentialsName: 'c' };
    tenant.indexed = buildHostRow(tenant.host, () => undefined);
    const view = buildRacksView([tenant], DEFAULT_RACK_SETTINGS, hostFilter(noFilter));
    expect(view.racks[0]?.placed[0]).toEqual({
      key: 'lab/t1',
      namespace: 'lab',
      name: 't1',
      resourceVersion: '1',
      tone: 'ok',
      power: 'on',
      label: 'Available',
      tenant: { namespace: 'tenants', name: 'blue' },
      role: 'Worker',
      bmc: 'redfish://10.0.0.3/redfish/v1/Systems/1',
      slot: 3,
      height: 1,
      lane: 0,
      lanes: 1,
      problems: [],
      lastChange: '2026-01-05T09:00:00Z',
      match: true,
    });
  });

  it('marks the hosts the hosts list’s search selects', () => {
    const view = buildRacksView(
      [source('web-1', 'r', '1'), source('db-1', 'r', '2')],
      DEFAULT_RACK_SETTINGS,
      hostFilter({ ...noFilter, search: 'web' }),
    );
    expect(view.racks[0]?.placed.map((host) => [host.name, host.match])).toEqual([
      ['web-1', true],
      ['db-1', false],
    ]);
    expect(view.matched).toBe(1);
  });

  it('changes a rack’s version only when something drawn in it changes', () => {
    const build = (version: string) =>
      buildRacksView(
        [source('a', 'r1', '1', { resourceVersion: version }), source('b', 'r2', '1')],
        DEFAULT_RACK_SETTINGS,
        hostFilter(noFilter),
      ).racks.map((rack) => rack.version);
    const [r1, r2] = build('1');
    const [r1Changed, r2Same] = build('2');
    expect(r1Changed).not.toBe(r1);
    expect(r2Same).toBe(r2);
  });

  it('sums up for the wall: named racks, those with problems, most problems first, as the view counts them', () => {
    const sources = [
      source('a', 'r1', '1', { error: true }),
      source('b', 'r2', '1', { error: true }),
      source('c', 'r2', '2', { error: true }),
      source('d', 'r3', '1'),
      source('f', 'r3', '1'),
      source('e', undefined, undefined, { error: true }),
    ];
    const summary = summariseRacks(sources, DEFAULT_RACK_SETTINGS);
    expect(summary).toEqual({
      total: 3,
      problems: [
        { name: 'r2', problems: 2 },
        { name: 'r3', problems: 2 },
        { name: 'r1', problems: 1 },
      ],
    });
    const view = buildRacksView(sources, DEFAULT_RACK_SETTINGS, hostFilter(noFilter));
    const counted = view.racks
      .filter((rack) => rack.name !== '' && rack.problems > 0)
      .map((rack) => ({ name: rack.name, problems: rack.problems }));
    expect(new Set(counted.map((rack) => JSON.stringify(rack)))).toEqual(
      new Set(summary.problems.map((rack) => JSON.stringify(rack))),
    );
  });

  it('draws every rack for a wall that asks: each placed host a box (overlaps side by side), most problems first', () => {
    const sources = [
      source('a', 'r1', '1'),
      source('b', 'r1', '3', { error: true }),
      source('c', 'r1', '3'),
      source('d', 'r1', undefined),
      source('e', 'r2', '7', { error: true }),
      source('f', 'r2', '8', { error: true }),
      source('h', 'r2', '9', { error: true }),
      source('g', undefined, undefined),
    ];
    expect(summariseRacks(sources, DEFAULT_RACK_SETTINGS).drawn).toBeUndefined();
    const summary = summariseRacks(sources, DEFAULT_RACK_SETTINGS, true);
    expect(summary.total).toBe(2);
    expect(summary.drawn).toEqual({
      units: 42,
      racks: [
        {
          name: 'r2',
          problems: 3,
          boxes: [
            [7, 1, 0, 1, 'error', 'on'],
            [8, 1, 0, 1, 'error', 'on'],
            [9, 1, 0, 1, 'error', 'on'],
          ],
          unplaced: 0,
        },
        {
          name: 'r1',
          problems: 2,
          boxes: [
            [1, 1, 0, 1, 'ok', 'on'],
            [3, 1, 0, 2, 'error', 'on'],
            [3, 1, 1, 2, 'ok', 'on'],
          ],
          unplaced: 1,
        },
      ],
    });
  });
});

describe('buildRacksView with a memo', () => {
  const fleet = () => [
    source('a1', 'rack-a', '1'),
    source('a2', 'rack-a', '2'),
    source('b1', 'rack-b', '1'),
    source('loose', undefined, undefined),
  ];

  it('reuses the boxes and racks that did not change and builds what did, as a build without a memo does', () => {
    const memo = racksMemo();
    const sources = fleet();
    const first = buildRacksView(sources, DEFAULT_RACK_SETTINGS, hostFilter(noFilter), memo);
    // a2 changed: a new host object (so a new row), in error.
    const changed = [...sources];
    changed[1] = source('a2', 'rack-a', '2', { error: true, resourceVersion: '2' });
    const second = buildRacksView(changed, DEFAULT_RACK_SETTINGS, hostFilter(noFilter), memo);
    expect(second).toEqual(buildRacksView(changed, DEFAULT_RACK_SETTINGS, hostFilter(noFilter)));
    const rack = (view: typeof first, name: string) => view.racks.find((each) => each.name === name);
    expect(rack(second, 'rack-b')).toBe(rack(first, 'rack-b'));
    expect(rack(second, '')).toBe(rack(first, ''));
    expect(rack(second, 'rack-a')).not.toBe(rack(first, 'rack-a'));
    expect(rack(second, 'rack-a')?.version).not.toBe(rack(first, 'rack-a')?.version);
    expect(rack(second, 'rack-a')?.placed[0]).toBe(rack(first, 'rack-a')?.placed[0]);
    expect(rack(second, 'rack-a')?.problems).toBe(1);
  });

  it('places every rack again when the rack settings change, as a build without a memo does', () => {
    const memo = racksMemo();
    const sources = fleet();
    const first = buildRacksView(sources, DEFAULT_RACK_SETTINGS, hostFilter(noFilter), memo);
    const short = { ...DEFAULT_RACK_SETTINGS, units: 1 };
    const second = buildRacksView(sources, short, hostFilter(noFilter), memo);
    expect(second).toEqual(buildRacksView(sources, short, hostFilter(noFilter)));
    expect(second.racks.find((rack) => rack.name === 'rack-b')).not.toBe(
      first.racks.find((rack) => rack.name === 'rack-b'),
    );
    // a2 at U2 no longer fits a 1U rack.
    expect(second.racks.find((rack) => rack.name === 'rack-a')?.problems).toBe(1);
  });

  it('builds a box again when its place changes though its host did not', () => {
    const memo = racksMemo();
    const sources = fleet();
    const first = buildRacksView(sources, DEFAULT_RACK_SETTINGS, hostFilter(noFilter), memo);
    // A new host in a1's unit: a1 is now one of two lanes and flagged, with the same row.
    const crowded = [...sources, source('a9', 'rack-a', '1')];
    const second = buildRacksView(crowded, DEFAULT_RACK_SETTINGS, hostFilter(noFilter), memo);
    expect(second).toEqual(buildRacksView(crowded, DEFAULT_RACK_SETTINGS, hostFilter(noFilter)));
    const a1 = (view: typeof first) =>
      view.racks.flatMap((rack) => rack.placed).find((box) => box.name === 'a1');
    expect(a1(second)).not.toBe(a1(first));
    expect(a1(second)?.lanes).toBe(2);
  });
});

describe('summariseRacks reusing racks', () => {
  const fleet = () => [
    source('a1', 'rack-a', '1'),
    source('a2', 'rack-a', '2'),
    source('b1', 'rack-b', '1'),
    source('loose', undefined, undefined),
  ];

  it('takes a rack whose hosts did not change as it was and places the changed one, as a summary without reuse does', () => {
    const reuse = rackReuse<RackDrawing>();
    const sources = fleet();
    const first = summariseRacks(sources, DEFAULT_RACK_SETTINGS, true, reuse);
    const changed = [...sources];
    changed[1] = source('a2', 'rack-a', '2', { error: true, resourceVersion: '2' });
    const second = summariseRacks(changed, DEFAULT_RACK_SETTINGS, true, reuse);
    expect(second).toEqual(summariseRacks(changed, DEFAULT_RACK_SETTINGS, true));
    const rack = (summary: typeof first, name: string) =>
      summary.drawn?.racks.find((each) => each.name === name);
    expect(rack(second, 'rack-b')).toBe(rack(first, 'rack-b'));
    expect(rack(second, 'rack-a')).not.toBe(rack(first, 'rack-a'));
    expect(second.problems).toEqual([{ name: 'rack-a', problems: 1 }]);
  });

  it('places every rack again when the rack settings change', () => {
    const reuse = rackReuse<RackDrawing>();
    const sources = fleet();
    summariseRacks(sources, DEFAULT_RACK_SETTINGS, false, reuse);
    const short = { ...DEFAULT_RACK_SETTINGS, units: 1 };
    // a2 at U2 no longer fits a 1U rack.
    expect(summariseRacks(sources, short, false, reuse).problems).toEqual([{ name: 'rack-a', problems: 1 }]);
  });
});
