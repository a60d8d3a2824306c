import { describe, expect, it } from 'vitest';
import { labHostTestbed } from '../../../tools/testenv/lab-host-testbed';
import { eventually } from '../../../tools/testenv/eventually';
import { firstSnapshot } from '../../../tools/testenv/subscription-snapshot';
import { kubeGetJson, kubeRequestJson } from '../../kube/kube-request';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { AuditRow } from '../access/audit-query';
import type { WriteAnswer } from './write-checked-patch';
import type { RaidMessage, RaidView } from './raid-view';

const bed = labHostTestbed('raid', [
  ['raid-a', 'redfish+https://10.10.18.1/redfish/v1/Systems/1'],
  ['raid-ipmi', 'ipmi://10.10.18.2:623'],
]);
const { kc, namespace, metal3 } = bed;

const mirror = {
  hardwareRAIDVolumes: [
    { level: '1', name: 'os', sizeGibibytes: 100, rotational: false },
    { level: '5', name: 'data', numberOfPhysicalDisks: 3 },
  ],
};
const NO_RAID = "RAID settings are defined, but the node's driver no-raid does not support RAID";

const stored = (name: string) => kubeGetJson<BareMetalHost>(kc, `${metal3}/baremetalhosts/${name}`);

/** The page's view once the console's cache has the host at the stored version and `check` holds. */
async function settled(name: string, check: (view: RaidView) => void = () => undefined) {
  return eventually(async () => {
    const [message, host] = await Promise.all([
      firstSnapshot<RaidMessage>(bed.admin, 'firmware.raid', { namespace, name }),
      stored(name),
    ]);
    expect(message.found).toBe(true);
    if (!message.found) throw new Error('no host');
    expect(message.raid.resourceVersion).toBe(host.metadata.resourceVersion);
    check(message.raid);
    return message.raid;
  }, 60_000);
}

const available = (view: RaidView) => expect(view.state).toBe('available');

describe("spec.raid through tRPC, validated by BMO's rules, made by the lab at the next cleaning", () => {
  it("refuses a layout BMO would refuse at the edge, in BMO's words, writing nothing", async () => {
    const seen = await settled('raid-a', available);
    expect(seen).toMatchObject({ driver: 'redfish', hardwareRaid: true, pending: false });
    const before = await stored('raid-a');
    const answer = await bed.admin.mutate<WriteAnswer>('firmware.raidChange', {
      namespace,
      name: 'raid-a',
      resourceVersion: seen.resourceVersion,
      before: null,
      raid: { softwareRAIDVolumes: [{ level: '0' }, { level: '1', rootVolume: true }] },
    });
    expect(answer.data).toEqual({
      status: 'rejected',
      message: 'nothing was written: the level in first volume of software raid must be RAID1',
      fieldErrors: {
        'softwareRAIDVolumes[0].level': 'the level in first volume of software raid must be RAID1',
      },
    });
    const ipmi = await settled('raid-ipmi', available);
    const refused = await bed.admin.mutate<WriteAnswer>('firmware.raidChange', {
      namespace,
      name: 'raid-ipmi',
      resourceVersion: ipmi.resourceVersion,
      before: null,
      raid: mirror,
    });
    expect(refused.data?.status === 'rejected' && refused.data.message).toBe(
      'nothing was written: BMC driver ipmi does not support configuring RAID',
    );
    const forbidden = await bed.viewer.mutate('firmware.raidChange', {
      namespace,
      name: 'raid-a',
      resourceVersion: seen.resourceVersion,
      before: null,
      raid: mirror,
    });
    expect(forbidden.error?.code).toBe('FORBIDDEN');
    const after = await stored('raid-a');
    expect(after.metadata.generation).toBe(before.metadata.generation);
    expect(after.spec.raid).toBeUndefined();
    expect((await stored('raid-ipmi')).spec.raid).toBeUndefined();
  });

  it('writes spec.raid as BMO expects, audited; the lab makes it at the next cleaning', async () => {
    const seen = await settled('raid-a', available);
    const answer = await bed.admin.mutate<WriteAnswer>('firmware.raidChange', {
      namespace,
      name: 'raid-a',
      resourceVersion: seen.resourceVersion,
      before: null,
      raid: mirror,
    });
    expect(answer.data?.status).toBe('written');
    expect((await stored('raid-a')).spec.raid).toEqual(mirror);
    const audit = await bed.admin.query<{ rows: AuditRow[] }>('access.audit', {
      action: 'firmware.raidChange',
    });
    expect(audit.data?.rows.some((row) => row.target === `${namespace}/raid-a`)).toBe(true);

    const applied = await settled('raid-a', (view) => {
      available(view);
      expect(view.pending).toBe(false);
    });
    expect(applied.applied).toEqual(mirror);
    expect((await stored('raid-a')).status?.provisioning?.raid).toEqual(mirror);

    const stale = await bed.admin.mutate<WriteAnswer>('firmware.raidChange', {
      namespace,
      name: 'raid-a',
      resourceVersion: applied.resourceVersion,
      before: null,
      raid: { hardwareRAIDVolumes: [] },
    });
    expect(stale.data?.status === 'rejected' && stale.data.message).toMatch(/changed after you opened it/);
  });

  it("fails a cleaning the host cannot do with BMO's preparation error, and recovers once spec.raid is fixed", async () => {
    // As kubectl would write it past the console (no webhook in the lab): hardware RAID on IPMI.
    await kubeRequestJson(kc, `${metal3}/baremetalhosts/raid-ipmi`, {
      method: 'PATCH',
      body: { spec: { raid: mirror } },
      contentType: 'application/merge-patch+json',
    });
    const failed = await settled('raid-ipmi', (view) => expect(view.error).toBe(NO_RAID));
    expect(failed.state).toBe('preparing');
    const host = await stored('raid-ipmi');
    expect(host.status).toMatchObject({ errorType: 'preparation error', operationalStatus: 'error' });

    const software = { softwareRAIDVolumes: [{ level: '1', sizeGibibytes: 50 }] };
    const answer = await bed.admin.mutate<WriteAnswer>('firmware.raidChange', {
      namespace,
      name: 'raid-ipmi',
      resourceVersion: failed.resourceVersion,
      before: mirror,
      raid: software,
    });
    expect(answer.data?.status).toBe('written');
    const made = await settled('raid-ipmi', (view) => {
      available(view);
      expect(view.error).toBeUndefined();
    });
    expect(made.applied).toEqual(software);
  });
});
