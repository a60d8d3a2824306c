import { describe, expect, it } from 'vitest';
import type { SettingSchema } from '../../schemas/firmware-setting-rules';
import { DRIFT_LIMITS, fleetDrift, type FleetBaseline, type FleetHost } from './fleet-drift';

const schema: Record<string, SettingSchema> = {
  LogicalProc: { attribute_type: 'Enumeration', allowable_values: ['Enabled', 'Disabled'] },
  PxeDev1VlanId: { attribute_type: 'Integer', lower_bound: 0, upper_bound: 4094 },
  SystemServiceTag: { attribute_type: 'String', read_only: true },
};

function host(name: string, current: Record<string, string>, over: Partial<FleetHost> = {}): FleetHost {
  return { namespace: 'lab', name, vendor: 'Dell Inc.', model: 'R650', current, schema, ...over };
}

const std = (name: string, tag = name) =>
  host(name, { LogicalProc: 'Enabled', PxeDev1VlanId: '0', SystemServiceTag: tag });

const baseline: FleetBaseline = {
  id: 'b1',
  name: 'hpc',
  vendor: 'Dell Inc.',
  model: 'R650',
  settings: { LogicalProc: 'Disabled', PxeDev1VlanId: 120 },
};

describe('fleetDrift', () => {
  const cases: {
    name: string;
    hosts: FleetHost[];
    baseline?: FleetBaseline;
    /** per setting: [majority, majorityCount, driftCount, drifting hosts] */
    want: Record<string, [string, number, number, string[]]>;
    driftingHosts: number;
  }[] = [
    {
      name: 'all alike: no drift; a read-only setting unique per host is not drift',
      hosts: [std('a'), std('b'), std('c')],
      want: {
        LogicalProc: ['Enabled', 3, 0, []],
        PxeDev1VlanId: ['0', 3, 0, []],
        SystemServiceTag: ['a', 1, 0, []],
      },
      driftingHosts: 0,
    },
    {
      name: 'one host differs from the majority',
      hosts: [
        std('a'),
        std('b'),
        host('c', { LogicalProc: 'Disabled', PxeDev1VlanId: '0', SystemServiceTag: 'c' }),
      ],
      want: {
        LogicalProc: ['Enabled', 2, 1, ['lab/c']],
        PxeDev1VlanId: ['0', 3, 0, []],
        SystemServiceTag: ['a', 1, 0, []],
      },
      driftingHosts: 1,
    },
    {
      name: 'a tie: the majority is the first value in text order',
      hosts: [host('a', { LogicalProc: 'Enabled' }), host('b', { LogicalProc: 'Disabled' })],
      want: { LogicalProc: ['Disabled', 1, 1, ['lab/a']] },
      driftingHosts: 1,
    },
    {
      name: 'against a baseline: its settings only, every host that differs from it',
      hosts: [
        std('a'),
        std('b'),
        host('c', { LogicalProc: 'Disabled', PxeDev1VlanId: '120', SystemServiceTag: 'c' }),
      ],
      baseline,
      want: {
        LogicalProc: ['Enabled', 2, 2, ['lab/a', 'lab/b']],
        PxeDev1VlanId: ['0', 2, 2, ['lab/a', 'lab/b']],
        SystemServiceTag: ['a', 1, 0, []],
      },
      driftingHosts: 2,
    },
    {
      name: 'a host not reporting a setting is neither majority nor drift',
      hosts: [std('a'), host('b', { LogicalProc: 'Disabled' })],
      want: {
        LogicalProc: ['Disabled', 1, 1, ['lab/a']],
        PxeDev1VlanId: ['0', 1, 0, []],
        SystemServiceTag: ['a', 1, 0, []],
      },
      driftingHosts: 1,
    },
  ];

  it.each(cases)('$name', ({ hosts, baseline: chosen, want, driftingHosts }) => {
    const [group] = fleetDrift(hosts, chosen);
    expect(group?.driftingHosts).toBe(driftingHosts);
    const seen = Object.fromEntries(
      (group?.settings ?? []).map((row) => [
        row.name,
        [row.majority, row.majorityCount, row.driftCount, row.drifting.map((item) => item.host)],
      ]),
    );
    expect(seen).toEqual(want);
    expect(group?.baseline).toEqual(chosen ? { id: chosen.id, name: chosen.name } : undefined);
  });

  it('groups by vendor and model; a baseline applies to its own model only; hosts without a schema counted', () => {
    const groups = fleetDrift(
      [
        std('a'),
        host('x', { LogicalProc: 'Enabled' }, { model: 'R750' }),
        host('y', { LogicalProc: 'Enabled' }, { model: 'R750', schema: undefined }),
      ],
      baseline,
    );
    expect(
      groups.map((group) => [group.model, group.hostCount, group.withoutSchema, group.baseline?.name]),
    ).toEqual([
      ['R650', 1, 0, 'hpc'],
      ['R750', 2, 1, undefined],
    ]);
    expect(groups[0]?.driftingHosts).toBe(1);
    expect(groups[1]?.driftingHosts).toBe(0);
  });

  it('lists drifting settings first and the most drifting hosts first, within bounds', () => {
    const hosts = Array.from({ length: 30 }, (_, index) =>
      host(`h${String(index).padStart(2, '0')}`, { LogicalProc: 'Enabled', Zeta: index < 25 ? '1' : '2' }),
    );
    hosts.push(host('odd', { LogicalProc: 'Disabled', Zeta: '2' }));
    const [group] = fleetDrift(hosts);
    expect(group?.settings.map((row) => [row.name, row.driftCount])).toEqual([
      ['LogicalProc', 1],
      ['Zeta', 6],
    ]);
    expect(group?.hosts[0]).toEqual({ namespace: 'lab', name: 'odd', hasSchema: true, drift: 2 });
    expect(group?.settings[1]?.drifting).toHaveLength(6);
    const wide = fleetDrift(
      Array.from({ length: 250 }, (_, index) => host(`w${String(index)}`, { A: index % 2 ? 'x' : 'y' })),
    );
    expect(wide[0]?.hosts).toHaveLength(DRIFT_LIMITS.hostsPerGroup);
    expect(wide[0]?.settings[0]?.driftCount).toBe(125);
    expect(wide[0]?.settings[0]?.drifting).toHaveLength(DRIFT_LIMITS.driftingPerSetting);
  });
});
