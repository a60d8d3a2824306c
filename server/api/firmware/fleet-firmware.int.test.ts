import { describe, expect, it } from 'vitest';
import { labHostTestbed } from '../../../tools/testenv/lab-host-testbed';
import { eventually } from '../../../tools/testenv/eventually';
import { firstSnapshot } from '../../../tools/testenv/subscription-snapshot';
import { kubeGetJson } from '../../kube/kube-request';
import type { HostFirmwareSettings } from '../../types/crds/host-firmware-settings';
import type { AuditRow } from '../access/audit-query';
import type { BulkJobView, BulkResultRow } from '../bulk/bulk-store';
import type { BaselineAnswer, BaselineRow } from './baselines';
import { NO_SCHEMA } from './firmware-view';
import type { FleetGroup } from './fleet-drift';
import type { FleetView } from './fleet.handler';
import type { WriteAnswer } from './write-checked-patch';

const bed = labHostTestbed('fleet', [
  ['fl-a', 'redfish+https://10.10.9.1/redfish/v1/Systems/1'],
  ['fl-b', 'redfish+https://10.10.9.2/redfish/v1/Systems/1'],
  ['fl-c', 'redfish+https://10.10.9.3/redfish/v1/Systems/1'],
  ['fl-d', 'redfish+https://10.10.9.4/redfish/v1/Systems/1'],
  ['fl-ipmi', 'ipmi://10.10.9.9:623'],
]);
const { kc, namespace, metal3 } = bed;
const VENDOR = 'Rackpilot lab';
const MODEL = 'Virtual server';
const filter = { search: namespace };

const stored = (name: string) =>
  kubeGetJson<HostFirmwareSettings>(kc, `${metal3}/hostfirmwaresettings/${name}`);

/** The fleet view's one group, once it passes `check`. */
function group(check: (group: FleetGroup) => void, baseline?: string): Promise<FleetGroup> {
  return eventually(async () => {
    const view = await firstSnapshot<FleetView>(bed.admin, 'firmware.fleet', {
      filter,
      ...(baseline ? { baseline } : {}),
    });
    expect(view.groups.map((item) => [item.vendor, item.model])).toEqual([[VENDOR, MODEL]]);
    const [only] = view.groups;
    if (!only) throw new Error('no group');
    check(only);
    return only;
  }, 60_000);
}

const drifting = (found: FleetGroup, setting: string) =>
  found.settings.find((row) => row.name === setting)?.drifting.map((item) => item.host);

interface JobPage {
  job: BulkJobView;
  results: { rows: BulkResultRow[]; total: number };
}

describe('fleet firmware through tRPC: drift, baselines, one bulk job, applied by the lab', () => {
  let baseline = '';

  it('groups the hosts by vendor and model; a host without a schema is counted, read-only settings never drift', async () => {
    const found = await group((current) => {
      expect(current.hostCount).toBe(5);
      expect(current.withoutSchema).toBe(1);
    });
    expect(found.driftingHosts).toBe(0);
    expect(found.settings.find((row) => row.name === 'SystemServiceTag')).toMatchObject({
      readOnly: true,
      driftCount: 0,
    });
  });

  it('shows a host changed on its own page as drift from the majority', async () => {
    const before = await stored('fl-a');
    const answer = await bed.admin.mutate<WriteAnswer>('firmware.change', {
      namespace,
      name: 'fl-a',
      resourceVersion: before.metadata.resourceVersion,
      settings: { LogicalProc: 'Disabled' },
    });
    expect(answer.data?.status).toBe('written');
    const found = await group((current) => expect(current.driftingHosts).toBe(1));
    expect(drifting(found, 'LogicalProc')).toEqual([`${namespace}/fl-a`]);
    expect(found.settings.find((row) => row.name === 'LogicalProc')?.majority).toBe('Enabled');
  });

  it("saves a baseline only when the model's schema accepts it, for operators", async () => {
    const refused = await bed.admin.mutate<BaselineAnswer>('firmware.saveBaseline', {
      name: 'bad',
      vendor: VENDOR,
      model: MODEL,
      settings: { LogicalProc: 'Sometimes', SystemServiceTag: 'X' },
    });
    expect(refused.data).toEqual({
      status: 'rejected',
      message:
        'nothing was saved: LogicalProc: "Sometimes" is not one of Enabled, Disabled; SystemServiceTag is read-only',
      fieldErrors: {
        LogicalProc: 'LogicalProc: "Sometimes" is not one of Enabled, Disabled',
        SystemServiceTag: 'SystemServiceTag is read-only',
      },
    });
    const forbidden = await bed.viewer.mutate('firmware.saveBaseline', {
      name: 'std',
      vendor: VENDOR,
      model: MODEL,
      settings: { LogicalProc: 'Enabled' },
    });
    expect(forbidden.error?.code).toBe('FORBIDDEN');
    const saved = await bed.admin.mutate<BaselineAnswer>('firmware.saveBaseline', {
      name: `std-${namespace}`,
      vendor: VENDOR,
      model: MODEL,
      settings: { LogicalProc: 'Enabled', PxeDev1VlanId: '0' },
    });
    expect(saved.data?.status).toBe('saved');
    baseline = saved.data?.status === 'saved' ? saved.data.id : '';
    const list = await bed.viewer.query<BaselineRow[]>('firmware.baselines');
    const mine = (list.data ?? []).filter((row) => row.name.endsWith(namespace));
    expect(mine.map((row) => [row.name, row.settings])).toEqual([
      [`std-${namespace}`, { LogicalProc: 'Enabled', PxeDev1VlanId: 0 }],
    ]);
    const found = await group((current) => expect(current.baseline?.id).toBe(baseline), baseline);
    expect(found.driftingHosts).toBe(1);
    expect(found.settings.find((row) => row.name === 'PxeDev1VlanId')?.baseline).toBe('0');
  });

  it('applies the baseline to every host of the model as one bulk job; the lab applies it, drift goes to 0', async () => {
    const input = {
      kind: 'firmware',
      action: 'firmware-settings',
      filter,
      firmware: {
        vendor: VENDOR,
        model: MODEL,
        settings: { LogicalProc: 'Enabled', PxeDev1VlanId: 0 },
        baseline: 'std',
      },
    };
    const preview = await bed.admin.query<{ count: number }>('bulk.preview', input);
    expect(preview.data?.count).toBe(5);
    const forbidden = await bed.viewer.mutate('bulk.start', { ...input, confirmedCount: 5 });
    expect(forbidden.error?.code).toBe('FORBIDDEN');
    const started = await bed.admin.mutate<{ id: string; total: number }>('bulk.start', {
      ...input,
      confirmedCount: 5,
    });
    const id = started.data?.id ?? '';
    const page = await eventually(async () => {
      const answer = await bed.admin.query<JobPage>('bulk.get', { id, pageSize: 50 });
      expect(answer.data?.job.state).toBe('finished');
      return answer.data as JobPage;
    }, 60_000);
    const outcomes = Object.fromEntries(
      page.results.rows.map((row) => [row.name, [row.outcome, row.reason]]),
    );
    expect(outcomes).toEqual({
      'fl-a': ['done', 'asked for LogicalProc'],
      'fl-b': ['skipped', 'its settings already match'],
      'fl-c': ['skipped', 'its settings already match'],
      'fl-d': ['skipped', 'its settings already match'],
      'fl-ipmi': ['skipped', NO_SCHEMA],
    });
    expect((await stored('fl-a')).spec?.settings).toEqual({ LogicalProc: 'Enabled' });
    const audit = await bed.admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'firmware.change' });
    const bulkRows = (audit.data?.rows ?? []).filter(
      (row) => row.target === `${namespace}/fl-a` && JSON.stringify(row.input).includes(id),
    );
    expect(bulkRows.map((row) => row.result)).toEqual(['ok']);

    await group((current) => expect(current.driftingHosts).toBe(0), baseline);
  });

  it('compares with a baseline as edited, and with the majority once it is deleted', async () => {
    const edited = await bed.admin.mutate<BaselineAnswer>('firmware.saveBaseline', {
      id: baseline,
      name: `std-${namespace}`,
      vendor: VENDOR,
      model: MODEL,
      settings: { PxeDev1VlanId: '120' },
    });
    expect(edited.data).toEqual({ status: 'saved', id: baseline });
    const found = await group((current) => expect(current.driftingHosts).toBe(5), baseline);
    expect(found.settings.find((row) => row.name === 'LogicalProc')?.baseline).toBeUndefined();
    const deleted = await bed.admin.mutate<{ status: string }>('firmware.deleteBaseline', { id: baseline });
    expect(deleted.data?.status).toBe('deleted');
    const view = await firstSnapshot<FleetView>(bed.admin, 'firmware.fleet', { filter, baseline });
    expect(view.baselineMissing).toBe(true);
    expect(view.groups[0]?.driftingHosts).toBe(0);
  });
});
