import { describe, expect, it } from 'vitest';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { hostFilterSchema } from '../hosts/host-query';
import { buildHostRow, type IndexedHost } from '../hosts/host-row';
import { noLongerMatches, planTargets, sampleOf, tallyOf, tallyText } from './bulk-plan';

function host(name: string, namespace: string, rack: string, state = 'available'): IndexedHost {
  const object: BareMetalHost = {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name, namespace, labels: { 'rackpilot.io/rack': rack } },
    spec: { online: true },
    status: { provisioning: { state: state as 'available', ID: '' } },
  };
  return buildHostRow(object, () => undefined);
}

const fleet = [
  host('n2', 'lab', 'r1'),
  host('n1', 'lab', 'r1'),
  host('n3', 'lab', 'r2'),
  host('a1', 'edge', 'r1', 'provisioned'),
];
const filter = (input: object) => hostFilterSchema.parse(input);

describe('planTargets', () => {
  it.each([
    { input: { rack: ['r1'] }, names: ['edge/a1', 'lab/n1', 'lab/n2'] },
    { input: { search: 'lab', rack: ['r1'] }, names: ['lab/n1', 'lab/n2'] },
    { input: { state: ['provisioned'] }, names: ['edge/a1'] },
  ] as const)('$input selects $names, by namespace then name', ({ input, names }) => {
    const plan = planTargets(fleet, filter(input));
    expect(plan.ok && plan.targets.map((t) => `${t.namespace}/${t.name}`)).toEqual(names);
  });

  it('keeps the uid of each host it selects, when it has one', () => {
    const plan = planTargets(
      fleet.map((indexed, index) => ({ ...indexed, uid: index === 0 ? undefined : `uid-${index}` })),
      filter({ rack: ['r1'] }),
    );
    expect(plan.ok && plan.targets).toEqual([
      { namespace: 'edge', name: 'a1', uid: 'uid-3' },
      { namespace: 'lab', name: 'n1', uid: 'uid-1' },
      { namespace: 'lab', name: 'n2' },
    ]);
  });

  it.each([
    { input: { rack: ['r9'] }, max: 10, message: 'the filter matches no hosts' },
    {
      input: {},
      max: 3,
      message: 'the filter matches 4 hosts; one job acts on at most 3: narrow the filter',
    },
  ])('refuses: $message', ({ input, max, message }) => {
    expect(planTargets(fleet, filter(input), max)).toMatchObject({ ok: false, message });
  });
});

describe('sampleOf', () => {
  const targets = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ namespace: 'lab', name: `h${index}` }));
  it.each([
    { count: 3, size: 10, sample: ['h0', 'h1', 'h2'] },
    { count: 40, size: 4, sample: ['h0', 'h13', 'h26', 'h39'] },
  ])('$count hosts, $size shown', ({ count, size, sample }) => {
    expect(sampleOf(targets(count), size)).toEqual(sample);
  });
});

describe('noLongerMatches', () => {
  it.each([
    { input: { rack: ['r1'] }, host: host('n1', 'lab', 'r1'), why: undefined },
    {
      input: { rack: ['r1'] },
      host: host('n1', 'lab', 'r2'),
      why: 'no longer matches the filter: its rack is now r2',
    },
    {
      input: { search: 'lab', state: ['available'] },
      host: host('n1', 'lab', 'r1', 'provisioned'),
      why: 'no longer matches the filter: its state is now provisioned',
    },
    {
      input: { search: 'edge' },
      host: host('n1', 'lab', 'r1'),
      why: 'no longer matches the filter: it no longer matches the search “edge”',
    },
  ] as const)('$why', ({ input, host: indexed, why }) => {
    expect(noLongerMatches(indexed, filter(input))).toBe(why);
  });
});

describe('tally', () => {
  it.each([
    { groups: [], total: 5, text: '0 of 5' },
    {
      groups: [
        { outcome: 'done', count: 28 },
        { outcome: 'pending', count: 9 },
        { outcome: 'skipped', count: 2 },
        { outcome: 'failed', count: 1 },
      ],
      total: 40,
      text: '31 of 40 · 28 done, 2 skipped, 1 failed',
    },
    {
      groups: [
        { outcome: 'done', count: 3 },
        { outcome: 'not-run', count: 7 },
        { outcome: 'unknown', count: 4 },
      ],
      total: 10,
      text: '10 of 10 · 3 done, 7 not run',
    },
  ])('$text', ({ groups, total, text }) => {
    expect(tallyText(tallyOf(groups), total)).toBe(text);
  });
});
