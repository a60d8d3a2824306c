// Issue 47 item 4: a released machine is power-cycled through the BMC of the BareMetalHost with its boot
// MAC; its page says what it waits for and offers "Power-cycle now" (audited, recorded on the host).
import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { bootRequest, throwAwayMac } from '../tools/probe/boot-request';
import { kubeRequestJson } from '../server/kube/kube-request';
import type { AuditRow } from '../server/api/access/audit-query';
import type { EventView } from '../server/api/object-events';
import type { BareMetalHost } from '../server/types/crds/bare-metal-host';
import { expect, test } from './fixtures';
import { seriousViolations } from './serious-violations';

const kc = new KubeConfig();
kc.loadFromDefault();
const run = randomBytes(3).toString('hex');
const namespace = `e2e-wipe-${run}`;
const hostPath = `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts/wipe-host`;
const MACHINE_IP = `127.0.143.${1 + Math.floor(Math.random() * 250)}`;
const mac = throwAwayMac();
const rebootRequest = async () =>
  (await kubeRequestJson<BareMetalHost>(kc, hostPath)).metadata.annotations?.['reboot.metal3.io'];

test.beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}/secrets`, {
    method: 'POST',
    body: { metadata: { name: 'wipe-host-bmc' }, stringData: { username: 'u', password: 'p' } },
  });
  await kubeRequestJson(kc, `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`, {
    method: 'POST',
    body: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: { name: 'wipe-host' },
      spec: {
        online: true,
        externallyProvisioned: true,
        bootMACAddress: mac,
        bmc: { address: 'redfish+http://127.0.0.1:9/redfish/v1/Systems/1', credentialsName: 'wipe-host-bmc' },
      },
    },
  });
  await kubeRequestJson(kc, `${hostPath}/status`, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: {
      status: {
        operationalStatus: 'OK',
        poweredOn: true,
        provisioning: { state: 'externally provisioned', ID: '' },
      },
    },
  });
});

test.afterAll(async () => {
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

test('releasing an installed machine power-cycles it through its host’s BMC; "Power-cycle now" asks again, audited', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  await bootRequest(`${admin.url}/boot/ipxe?mac=${mac}`, { localAddress: MACHINE_IP });
  const provisioned = await admin.mutate('hardware.provision', {
    macs: [mac],
    namespace,
    cluster: {
      mode: 'new',
      cluster: {
        name: `wipe-${run}`,
        subnet: '10.125.0.0/24',
        poolStart: '10.125.0.10',
        poolEnd: '10.125.0.200',
      },
    },
    role: 'worker',
    hostname: `wipe-${run}`,
  });
  expect(provisioned.error?.message).toBeUndefined();
  // The machine boots into its install script: from here on, releasing it means wiping it.
  await expect
    .poll(
      async () => (await bootRequest(`${admin.url}/boot/ipxe?mac=${mac}`, { localAddress: MACHINE_IP })).kind,
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe('install');

  const released = await admin.mutate('hardware.release', { namespace, name: `wipe-${run}` });
  expect(released.error?.message).toBeUndefined();
  // The release asks the host's operator for a power cycle, in Metal3's words.
  await expect.poll(rebootRequest, { timeout: 30_000 }).toBe('');

  await page.goto(`/hardware/${mac}`);
  const panel = page.getByTestId('wipe-wait');
  await expect(panel).toContainText('waiting for the machine to boot into the wiper');
  await expect(panel.getByRole('link', { name: `${namespace}/wipe-host` })).toBeVisible();
  await expect(panel).toContainText('a power cycle is requested');
  const button = panel.getByRole('button', { name: 'Power-cycle now' });
  await expect(button).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  // The host's operator power-cycles the machine and removes the request; the machine still does not boot.
  await kubeRequestJson(kc, hostPath, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: { metadata: { annotations: { 'reboot.metal3.io': null } } },
  });
  await expect(button).toBeEnabled();
  await button.click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText(`Power-cycle ${mac}?`);
  await dialog.getByTestId('confirm-action').click();
  await expect(dialog).toBeHidden();
  await expect(panel).toContainText('a power cycle is requested');
  expect(await rebootRequest()).toBe('');

  const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'hardware.powerCycle' });
  expect(audit.data?.rows.filter((row) => row.target === mac).map((row) => [row.actor, row.result])).toEqual([
    ['admin', 'ok'],
  ]);
  const events = await admin.query<EventView[]>('hosts.events', { namespace, name: 'wipe-host' });
  expect(events.data?.map((event) => [event.reason, event.actor])).toEqual(
    expect.arrayContaining([
      ['PowerCycleForWipe', undefined],
      ['RebootRequested', 'admin'],
    ]),
  );
});
