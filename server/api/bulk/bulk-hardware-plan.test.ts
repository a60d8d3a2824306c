import { describe, expect, it } from 'vitest';
import { hardwareFilterSchema, type HardwareRow, type HardwareState } from '../../schemas/hardware-list';
import { hardwareSkip, planHardware } from './bulk-hardware-plan';

function row(mac: string, state: HardwareState, vendor = 'Dell Inc.'): HardwareRow {
  return {
    mac,
    vendor,
    ip: '10.0.0.9',
    addressConflict: null,
    uuid: null,
    serial: null,
    firstSeen: '2026-01-01T00:00:00.000Z',
    lastSeen: '2026-01-01T00:00:00.000Z',
    bootCount: 1,
    state,
    machine: state === 'unleased' ? null : { namespace: 'lab', name: 'm1' },
    machineIp: null,
    failureReason: null,
    failureMessage: null,
    step: null,
  };
}

const rows = [
  row('52:54:00:00:00:03', 'unleased'),
  row('52:54:00:00:00:01', 'unleased'),
  row('52:54:00:00:00:02', 'claimed'),
  row('aa:00:00:00:00:04', 'unleased', 'Supermicro'),
];
const filter = (input: object) => hardwareFilterSchema.parse(input);

describe('planHardware', () => {
  it.each([
    { input: {}, macs: ['52:54:00:00:00:01', '52:54:00:00:00:03', 'aa:00:00:00:00:04'] },
    { input: { search: 'dell' }, macs: ['52:54:00:00:00:01', '52:54:00:00:00:03'] },
    { input: { search: '52:54:00:00:00:03' }, macs: ['52:54:00:00:00:03'] },
    { input: { state: ['unleased'], search: 'super' }, macs: ['aa:00:00:00:00:04'] },
  ])('$input selects the unleased $macs, by MAC', ({ input, macs }) => {
    const plan = planHardware(rows, filter(input));
    expect(plan.ok && plan.targets).toEqual(macs.map((name) => ({ namespace: '', name })));
  });

  it.each([
    { input: { state: ['claimed'] }, max: 10, message: 'the filter matches no unleased machines' },
    {
      input: {},
      max: 2,
      message: 'the filter matches 3 unleased machines; one job acts on at most 2: narrow the filter',
    },
  ])('refuses $input at most $max: $message', ({ input, max, message }) => {
    expect(planHardware(rows, filter(input), max)).toMatchObject({ ok: false, message });
  });
});

describe('hardwareSkip', () => {
  const unleased = row('52:54:00:00:00:01', 'unleased');
  it.each([
    { at: unleased, input: { search: 'dell', state: ['unleased'] }, why: undefined },
    { at: undefined, input: {}, why: 'the boot service no longer knows it' },
    {
      at: unleased,
      input: { search: 'supermicro' },
      why: 'no longer matches the filter: it no longer matches the search “supermicro”',
    },
    {
      at: row('52:54:00:00:00:01', 'provisioning'),
      input: { state: ['unleased'] },
      why: 'no longer matches the filter: its state is now provisioning',
    },
    {
      at: row('52:54:00:00:00:01', 'claimed'),
      input: {},
      why: 'it is no longer unleased: it is claimed (lab/m1)',
    },
  ])('$input: $why', ({ at, input, why }) => {
    expect(hardwareSkip(at, filter(input))).toBe(why);
  });
});
