import { describe, expect, it } from 'vitest';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { buildHostRow, type IndexedHost } from './host-row';
import {
  FACET_SHOWN,
  hostChangeConcerns,
  hostQuerySchema,
  NONE,
  queryHosts,
  searchMatcher,
  sortRows,
  type HostQueryInput,
} from './host-query';

interface Spec {
  name: string;
  ns?: string;
  state?: string;
  error?: string;
  rack?: string;
  flavor?: string;
  tenant?: string;
  mac?: string;
  ip?: string;
  bmc?: string;
  created?: string;
}

function host(spec: Spec): IndexedHost {
  const labels: Record<string, string> = {};
  if (spec.rack) labels['rackpilot.io/rack'] = spec.rack;
  if (spec.flavor) labels['rackpilot.io/flavor'] = spec.flavor;
  if (spec.tenant) {
    labels['sip.airshipit.org/cluster-namespace'] = 'tenants';
    labels['sip.airshipit.org/cluster-name'] = spec.tenant;
    labels['sip.airshipit.org/node-type'] = 'Worker';
  }
  const object: BareMetalHost = {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: {
      name: spec.name,
      namespace: spec.ns ?? 'lab',
      labels,
      creationTimestamp: (spec.created ?? '2026-01-01T00:00:00Z') as unknown as Date,
    },
    spec: {
      online: true,
      bootMACAddress: spec.mac,
      bmc: spec.bmc ? { address: spec.bmc, credentialsName: 'c' } : undefined,
    },
    status: {
      provisioning: { state: (spec.state ?? 'available') as 'available' },
      errorType: spec.error as 'registration error' | undefined,
      hardware: spec.ip ? { nics: [{ mac: spec.mac, ip: spec.ip }] } : undefined,
    },
  };
  return buildHostRow(object, () => undefined);
}

const hosts: IndexedHost[] = [
  host({
    name: 'r01-n01',
    rack: 'r01',
    flavor: 'control-plane',
    tenant: 'sub1',
    state: 'provisioned',
    mac: '52:54:00:b6:ed:31',
    ip: '10.2.0.11',
    bmc: 'redfish+https://10.1.0.11/redfish/v1/Systems/1',
    created: '2026-01-03T00:00:00Z',
  }),
  host({
    name: 'r01-n02',
    rack: 'r01',
    flavor: 'worker',
    mac: '52:54:00:b6:ed:32',
    ip: '10.2.0.12',
    bmc: 'ipmi://10.1.0.12:623',
    created: '2026-01-02T00:00:00Z',
  }),
  host({
    name: 'r02-n01',
    rack: 'r02',
    flavor: 'worker',
    tenant: 'sub1',
    mac: 'aa:bb:cc:00:00:01',
    error: 'registration error',
    state: 'registering',
    created: '2026-01-05T00:00:00Z',
  }),
  host({
    name: 'r02-n10',
    rack: 'r02',
    flavor: 'worker',
    mac: 'aa:bb:cc:00:00:10',
    created: '2026-01-04T00:00:00Z',
  }),
  host({ name: 'spare', ns: 'other', created: '2026-01-01T00:00:00Z' }),
];

function run(input: HostQueryInput) {
  return queryHosts(hosts, hostQuerySchema.parse(input));
}

function names(input: HostQueryInput): string[] {
  return run(input).rows.map((row) => row.name);
}

describe('search', () => {
  it.each<[string, string[]]>([
    ['', ['r01-n01', 'r01-n02', 'r02-n01', 'r02-n10', 'spare']],
    ['r01', ['r01-n01', 'r01-n02']],
    ['R01-N0', ['r01-n01', 'r01-n02']],
    ['other', ['spare']],
    // MACs in every spelling, whole or partial
    ['52:54:00:B6:ED:31', ['r01-n01']],
    ['52-54-00-b6-ed-32', ['r01-n02']],
    ['5254.00b6.ed31', ['r01-n01']],
    ['525400b6ed31', ['r01-n01']],
    ['52 54 00 b6 ed 31', ['r01-n01']],
    ['ed:3', ['r01-n01', 'r01-n02']],
    ['00:00:1', ['r02-n01', 'r02-n10']],
    ['ED-32', ['r01-n02']],
    // IPs from status.hardware.nics, by prefix
    ['10.2.0.12', ['r01-n02']],
    ['10.2.0', ['r01-n01', 'r01-n02']],
    // BMC address
    ['10.1.0.11', ['r01-n01']],
    ['ipmi://', ['r01-n02']],
    // tenant
    ['tenants/sub1', ['r01-n01', 'r02-n01']],
    // terms AND
    ['r02 aa:bb:cc:00:00:10', ['r02-n10']],
    ['r02 nothing', []],
  ])('%j → %j', (search, expected) => {
    expect(names({ search })).toEqual(expected);
  });

  it('a full MAC matches only that MAC, not a name that happens to contain its hex', () => {
    const odd = host({ name: 'aabbcc000001-notes', mac: '11:22:33:44:55:66' });
    expect([odd, ...hosts].filter(searchMatcher('aa:bb:cc:00:00:01')).map((h) => h.row.name)).toEqual([
      'r02-n01',
    ]);
  });
});

describe('facets', () => {
  it('counts each facet over the search and the other facets, not itself', () => {
    const page = run({ rack: ['r01'] });
    expect(page.total).toBe(2);
    expect(page.facets.rack).toEqual([
      { value: 'r01', count: 2 },
      { value: 'r02', count: 2 },
      { value: NONE, count: 1 },
    ]);
    expect(page.facets.flavor).toEqual([
      { value: 'control-plane', count: 1 },
      { value: 'worker', count: 1 },
    ]);
    expect(page.facets.claim).toEqual([
      { value: 'claimed', count: 1 },
      { value: 'free', count: 1 },
    ]);
    expect(page.facets.state).toEqual([
      { value: 'available', count: 1 },
      { value: 'provisioned', count: 1 },
    ]);
  });

  it('orders states by lifecycle with errors first', () => {
    expect(run({}).facets.state.map((f) => f.value)).toEqual(['error', 'available', 'provisioned']);
  });

  it.each<[HostQueryInput, string[]]>([
    [{ claim: ['free'] }, ['r01-n02', 'r02-n10', 'spare']],
    [{ claim: ['claimed'] }, ['r01-n01', 'r02-n01']],
    [{ claim: ['free', 'claimed'] }, ['r01-n01', 'r01-n02', 'r02-n01', 'r02-n10', 'spare']],
    [{ state: ['error'] }, ['r02-n01']],
    [{ state: ['available', 'provisioned'] }, ['r01-n01', 'r01-n02', 'r02-n10', 'spare']],
    [{ rack: [NONE] }, ['spare']],
    [{ rack: ['r02'], flavor: ['worker'], claim: ['free'] }, ['r02-n10']],
    [{ flavor: ['worker'], search: 'ed:32' }, ['r01-n02']],
  ])('%j', (input, expected) => {
    expect(names(input)).toEqual(expected);
  });

  it('keeps a selected value listed at 0 so it can be unticked', () => {
    expect(run({ search: 'spare', rack: ['r01'] }).facets.rack).toEqual([
      { value: 'r01', count: 0 },
      { value: NONE, count: 1 },
    ]);
  });
});

describe('open facets at fleet scale', () => {
  // 40 racks: r00 holds 1 host, r01 2, …, r39 40 (820 hosts), so the most common are the last ones.
  const fleet = Array.from({ length: 40 }, (_, rack) =>
    Array.from({ length: rack + 1 }, (_, n) =>
      host({ name: `h-${String(rack).padStart(2, '0')}-${n}`, rack: `r${String(rack).padStart(2, '0')}` }),
    ),
  ).flat();
  const racks = (input: HostQueryInput) => {
    const page = queryHosts(fleet, hostQuerySchema.parse(input));
    return { values: page.facets.rack.map((f) => f.value), hidden: page.facetsHidden.rack };
  };
  const top = Array.from({ length: FACET_SHOWN }, (_, i) => `r${40 - FACET_SHOWN + i}`);

  it.each<[string, HostQueryInput, { values: string[]; hidden: number }]>([
    ['lists the most common values, in name order', {}, { values: top, hidden: 40 - FACET_SHOWN }],
    [
      'keeps a selected value that is not among them',
      { rack: ['r00'] },
      { values: ['r00', ...top], hidden: 40 - FACET_SHOWN - 1 },
    ],
    [
      'lists every value when asked to',
      { expand: ['rack'] },
      { values: Array.from({ length: 40 }, (_, i) => `r${String(i).padStart(2, '0')}`), hidden: 0 },
    ],
    [
      'counts over the search, so a search narrows the list',
      { search: 'h-0' },
      { values: ['r00', 'r01', 'r02', 'r03', 'r04', 'r05', 'r06', 'r07', 'r08', 'r09'], hidden: 0 },
    ],
  ])('%s', (_name, input, expected) => {
    expect(racks(input)).toEqual(expected);
  });

  it('leaves the closed facets whole', () => {
    const page = queryHosts(fleet, hostQuerySchema.parse({}));
    expect(page.facets.flavor).toEqual([{ value: NONE, count: 820 }]);
    expect(page.facetsHidden).toEqual({ rack: 40 - FACET_SHOWN, flavor: 0 });
  });

  it('picks the most common among thousands of values that tie, by name', () => {
    const tied = [
      ...Array.from({ length: 2000 }, (_, n) =>
        host({ name: `t${n}`, flavor: `f${String(n).padStart(4, '0')}` }),
      ),
      ...['b1', 'b2'].map((name) => host({ name, flavor: 'big' })),
    ];
    const flavors = (input: HostQueryInput) => {
      const page = queryHosts(tied, hostQuerySchema.parse(input));
      return { values: page.facets.flavor.map((f) => f.value), hidden: page.facetsHidden.flavor };
    };
    const first = Array.from({ length: FACET_SHOWN - 1 }, (_, n) => `f${String(n).padStart(4, '0')}`);
    expect(flavors({})).toEqual({ values: ['big', ...first], hidden: 2001 - FACET_SHOWN });
    expect(flavors({ flavor: ['f1999'] })).toEqual({
      values: ['big', ...first, 'f1999'],
      hidden: 2001 - FACET_SHOWN - 1,
    });
  });

  it('refuses an unknown facet to expand', () => {
    expect(hostQuerySchema.safeParse({ expand: ['state'] }).success).toBe(false);
  });
});

describe('sorting', () => {
  it.each<[HostQueryInput, string[]]>([
    [{ sort: 'name', dir: 'desc' }, ['spare', 'r02-n10', 'r02-n01', 'r01-n02', 'r01-n01']],
    [{ sort: 'age' }, ['r02-n01', 'r02-n10', 'r01-n01', 'r01-n02', 'spare']],
    [{ sort: 'age', dir: 'desc' }, ['spare', 'r01-n02', 'r01-n01', 'r02-n10', 'r02-n01']],
    [{ sort: 'status' }, ['r02-n01', 'r01-n02', 'r02-n10', 'spare', 'r01-n01']],
    [{ sort: 'tenant' }, ['r01-n02', 'r02-n10', 'spare', 'r01-n01', 'r02-n01']],
    [{ sort: 'rack', dir: 'desc' }, ['r02-n01', 'r02-n10', 'r01-n01', 'r01-n02', 'spare']],
    [{ sort: 'mac' }, ['spare', 'r01-n01', 'r01-n02', 'r02-n01', 'r02-n10']],
    [{ sort: 'namespace', dir: 'desc' }, ['spare', 'r01-n01', 'r01-n02', 'r02-n01', 'r02-n10']],
  ])('%j', (input, expected) => {
    expect(names(input)).toEqual(expected);
  });

  it('re-sorts a list it sorted before when a host moves', () => {
    const query = hostQuerySchema.parse({ sort: 'flavor' });
    const fleet = Array.from({ length: 300 }, (_, n) => host({ name: `h${n}`, flavor: `f${(n * 7) % 300}` }));
    const moved = fleet.map((each) =>
      each.row.name === 'h200' ? host({ name: 'h200', flavor: 'a' }) : each,
    );
    for (const list of [fleet, moved]) {
      const expected = sortRows(
        list.map((each) => each.row),
        'flavor',
        'asc',
      ).slice(0, 50);
      expect(queryHosts(list, query).rows).toEqual(expected);
    }
  });

  it('orders names with numbers naturally and breaks ties by namespace/name', () => {
    const rows = ['n10', 'n9', 'n1'].map((name) => host({ name }).row);
    expect(sortRows(rows, 'name', 'asc').map((r) => r.name)).toEqual(['n1', 'n9', 'n10']);
    expect(sortRows(rows, 'flavor', 'desc').map((r) => r.name)).toEqual(['n1', 'n9', 'n10']);
  });
});

describe('paging', () => {
  const many = Array.from({ length: 120 }, (_, i) => host({ name: `h${String(i).padStart(3, '0')}` }));

  it.each<[number, 50 | 100 | 250, { page: number; pageCount: number; first: string; length: number }]>([
    [1, 50, { page: 1, pageCount: 3, first: 'h000', length: 50 }],
    [3, 50, { page: 3, pageCount: 3, first: 'h100', length: 20 }],
    [9, 50, { page: 3, pageCount: 3, first: 'h100', length: 20 }],
    [2, 100, { page: 2, pageCount: 2, first: 'h100', length: 20 }],
    [1, 250, { page: 1, pageCount: 1, first: 'h000', length: 120 }],
  ])('page %i of size %i', (page, pageSize, expected) => {
    const result = queryHosts(many, hostQuerySchema.parse({ page, pageSize }));
    expect({
      page: result.page,
      pageCount: result.pageCount,
      first: result.rows[0]?.name,
      length: result.rows.length,
    }).toEqual(expected);
    expect(result.total).toBe(120);
    expect(result.totalAll).toBe(120);
  });

  it('serves one empty page when nothing matches', () => {
    expect(run({ search: 'zzz' })).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
  });
});

describe('hostQuerySchema bounds', () => {
  it.each<[string, unknown, RegExp]>([
    ['page 0', { page: 0 }, /too small|>=1/i],
    ['page 10001', { page: 10_001 }, /at most 10000/],
    ['page 1.5', { page: 1.5 }, /int/i],
    ['pageSize 20', { pageSize: 20 }, /50, 100 or 250/],
    ['search 201 chars', { search: 'x'.repeat(201) }, /at most 200/],
    ['unknown sort', { sort: 'power' }, /invalid option/i],
    ['unknown state', { state: ['sleeping'] }, /invalid option/i],
    ['too many racks', { rack: Array.from({ length: 101 }, (_, i) => `r${i}`) }, /too big|<=100/i],
  ])('%s is rejected', (_name, input, message) => {
    const result = hostQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(message);
  });

  it('fills defaults', () => {
    expect(hostQuerySchema.parse({})).toEqual({
      search: '',
      state: [],
      rack: [],
      flavor: [],
      claim: [],
      sort: 'name',
      dir: 'asc',
      page: 1,
      pageSize: 50,
      expand: [],
    });
  });
});

describe('hostChangeConcerns', () => {
  const query = (input: HostQueryInput) => hostQuerySchema.parse(input);

  it('with a search, a change of a host it matches neither before nor after leaves the page as it was', () => {
    const searched = query({ search: 'r01-' });
    const before = host({ name: 'r02-n09', rack: 'r02', flavor: 'worker' });
    const after = host({ name: 'r02-n09', rack: 'r02', flavor: 'storage', state: 'provisioned' });
    expect(hostChangeConcerns(searched)(after, before)).toBe(false);
    expect(JSON.stringify(queryHosts([...hosts, after], searched))).toBe(
      JSON.stringify(queryHosts([...hosts, before], searched)),
    );
  });

  it('with a search, a change of a host it matches now or matched before concerns the page', () => {
    const searched = query({ search: 'r01-' });
    const concerns = hostChangeConcerns(searched);
    const inside = host({ name: 'r01-n09', flavor: 'worker' });
    const outside = host({ name: 'r02-n09', flavor: 'worker' });
    expect(concerns(host({ name: 'r01-n09', flavor: 'storage' }), inside)).toBe(true);
    expect(concerns(inside, outside)).toBe(true);
    expect(concerns(outside, inside)).toBe(true);
  });

  it('an added or deleted host always concerns it: the count of all hosts changes', () => {
    expect(hostChangeConcerns(query({ search: 'r01-' }))(host({ name: 'r02-n09' }), undefined)).toBe(true);
  });

  it('without a search every change concerns it: the facets count every host', () => {
    const unsearched = query({ flavor: ['worker'] });
    const before = host({ name: 'r02-n09', flavor: 'worker' });
    const after = host({ name: 'r02-n09', flavor: 'storage' });
    expect(hostChangeConcerns(unsearched)(after, before)).toBe(true);
    expect(JSON.stringify(queryHosts([...hosts, after], unsearched))).not.toBe(
      JSON.stringify(queryHosts([...hosts, before], unsearched)),
    );
  });
});
