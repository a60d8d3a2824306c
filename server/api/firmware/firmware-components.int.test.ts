import { describe, expect, it } from 'vitest';
import { labHostTestbed } from '../../../tools/testenv/lab-host-testbed';
import { eventually } from '../../../tools/testenv/eventually';
import { firstSnapshot } from '../../../tools/testenv/subscription-snapshot';
import { kubeGetJson } from '../../kube/kube-request';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { HostFirmwareComponents } from '../../types/crds/host-firmware-components';
import type { AuditRow } from '../access/audit-query';
import type { ComponentsView } from './components-view';
import { NO_COMPONENTS } from './components-view';
import type { FirmwarePageView } from './settings.handler';
import type { WriteAnswer } from './write-checked-patch';

const bed = labHostTestbed('fw-parts', [
  ['fc-a', 'redfish+https://10.10.7.1/redfish/v1/Systems/1'],
  ['fc-ipmi', 'ipmi://10.10.7.2:623'],
]);
const { kc, namespace, metal3 } = bed;

type Found = Extract<ComponentsView, { found: true }>;

const stored = (name: string) =>
  kubeGetJson<HostFirmwareComponents>(kc, `${metal3}/hostfirmwarecomponents/${name}`);
const hostOf = (name: string) => kubeGetJson<BareMetalHost>(kc, `${metal3}/baremetalhosts/${name}`);
const request = (resourceVersion: string, updates: { component: string; url: string }[]) =>
  bed.admin.mutate<WriteAnswer>('firmware.componentsChange', {
    namespace,
    name: 'fc-a',
    resourceVersion,
    updates,
  });

/** The page's components once the console's cache has the stored version and `check` holds. */
async function settled(check: (view: Found) => void = () => undefined): Promise<Found> {
  return eventually(async () => {
    const [page, hfc] = await Promise.all([
      firstSnapshot<FirmwarePageView>(bed.admin, 'firmware.settings', { namespace, name: 'fc-a' }),
      stored('fc-a'),
    ]);
    const view = page.components;
    if (!view.found) throw new Error('no HostFirmwareComponents on the page yet');
    expect(view.resourceVersion).toBe(hfc.metadata.resourceVersion);
    check(view);
    return view;
  }, 60_000);
}

const version = (view: Found, component: string) =>
  view.components.find((row) => row.component === component);

describe('firmware components through tRPC, flashed by the lab at the next cleaning', () => {
  it("shows each component's versions, and says plainly when a host has none", async () => {
    // The testbed's hosts have no boot MAC, so inspection finds no NIC: the BIOS and the BMC.
    const view = await settled((current) =>
      expect(current.components.map((row) => row.component)).toEqual(['bios', 'bmc']),
    );
    expect(version(view, 'bios')).toEqual({
      component: 'bios',
      initialVersion: '1.0.0',
      currentVersion: '1.0.0',
    });
    expect(view.state).toEqual({ state: 'none' });
    expect(view.conditions.map((c) => `${c.type}=${c.status}`)).toEqual([
      'ChangeDetected=False',
      'Valid=True',
    ]);

    // IPMI has no firmware interface: BMO makes no HostFirmwareComponents; the page says so.
    const ipmi = await eventually(async () => {
      const page = await firstSnapshot<FirmwarePageView>(bed.admin, 'firmware.settings', {
        namespace,
        name: 'fc-ipmi',
      });
      expect(page.settings.length).toBeGreaterThan(20);
      return page;
    }, 60_000);
    expect(ipmi.components).toEqual({ found: false, message: NO_COMPONENTS });
  });

  it('refuses bad requests at the edge, writing nothing', async () => {
    const before = await stored('fc-a');
    const at = before.metadata.resourceVersion ?? '';
    const cases: [{ component: string; url: string }[], RegExp][] = [
      [
        [{ component: 'cpld', url: 'https://images.example/cpld-1.0.bin' }],
        /component cpld is invalid, only 'bmc', 'bios'/,
      ],
      [[{ component: 'bios', url: 'ftp://images.example/bios-2.0.bin' }], /not an http or https URL/],
      [
        [
          { component: 'bios', url: 'https://images.example/bios-2.0.bin' },
          { component: 'bios', url: 'https://images.example/bios-2.1.bin' },
        ],
        /component bios is named more than once/,
      ],
    ];
    for (const [updates, message] of cases) {
      const answer = await request(at, updates);
      expect(answer.data?.status).toBe('rejected');
      expect(answer.data?.status === 'rejected' && answer.data.message).toMatch(message);
    }
    const after = await stored('fc-a');
    expect(after.metadata.generation).toBe(before.metadata.generation);
    expect(after.spec?.updates).toEqual([]);

    const refused = await bed.viewer.mutate('firmware.componentsChange', {
      namespace,
      name: 'fc-a',
      resourceVersion: at,
      updates: [{ component: 'bios', url: 'https://images.example/bios-2.0.bin' }],
    });
    expect(refused.error?.code).toBe('FORBIDDEN');
  });

  it('writes a request as BMO expects, audited; the lab flashes it at the next cleaning and the page follows', async () => {
    const before = await settled();
    const bmcBefore = version(before, 'bmc');
    const updates = [{ component: 'bios', url: 'http://192.0.2.10/firmware/bios-2.1.0.bin' }];
    const answer = await request(before.resourceVersion ?? '', updates);
    expect(answer.data?.status).toBe('written');
    expect((await stored('fc-a')).spec?.updates).toEqual(updates);

    const audit = await bed.admin.query<{ rows: AuditRow[] }>('access.audit', {
      action: 'firmware.componentsChange',
    });
    expect(audit.data?.rows.some((row) => row.target === `${namespace}/fc-a`)).toBe(true);

    const flashed = await settled((current) => {
      expect(version(current, 'bios')).toMatchObject({
        currentVersion: '2.1.0',
        lastVersionFlashed: '2.1.0',
      });
      expect(current.applied).toEqual(updates);
    });
    expect(version(flashed, 'bios')?.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(version(flashed, 'bmc')).toEqual(bmcBefore);
    expect(flashed.state).toEqual({ state: 'applied' });
    expect(flashed.conditions.find((c) => c.type === 'ChangeDetected')?.status).toBe('False');
    await eventually(async () =>
      expect((await hostOf('fc-a')).status?.provisioning?.state).toBe('available'),
    );

    // A request made against the version before the flash is refused: the object moved on.
    const stale = await request(before.resourceVersion ?? '', []);
    expect(stale.data?.status === 'rejected' && stale.data.message).toMatch(/changed after you opened/);
  });

  it("refuses a component the host does not have with BMO's condition, flashing nothing; a removal is written", async () => {
    const before = await settled();
    const updates = [
      ...before.requested,
      { component: 'nic:ens9f9', url: 'https://images.example/nic-fw-23.1.0.bin' },
    ];
    expect((await request(before.resourceVersion ?? '', updates)).data?.status).toBe('written');
    const refused = await settled((current) => expect(current.state.state).toBe('failed'));
    expect(refused.conditions.find((c) => c.type === 'Valid')).toEqual({
      type: 'Valid',
      status: 'False',
      reason: 'InvalidComponent',
      message: 'Invalid Firmware Components: [component nic:ens9f9 is not present on this host]',
    });
    expect(refused.components).toEqual(before.components);
    expect((await hostOf('fc-a')).status?.provisioning?.state).toBe('available');

    expect((await request(refused.resourceVersion ?? '', before.requested)).data?.status).toBe('written');
    await settled((current) => {
      expect(current.state).toEqual({ state: 'applied' });
      expect(current.conditions.every((c) => c.type === 'ChangeDetected' || c.status === 'True')).toBe(true);
    });
  });
});
