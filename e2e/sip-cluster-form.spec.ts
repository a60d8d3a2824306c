import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { expect, test, type Page } from './fixtures';
import { kubeRequestJson } from '../server/kube/kube-request';
import type { AuditRow } from '../server/api/access/audit-query';

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const namespace = `e2e-sipform-${id}`;
/** Flavors unique to this run, so the preview counts only this test's hosts. */
const cpFlavor = `e2e-${id}-cp`;
const workerFlavor = `e2e-${id}-wk`;
const rackKey = 'rackpilot.io/rack';
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHuBC6Z2cEh9kH0Dd8Q1rZ3ICkmTIEWOQmcAX6s5mq7y e2e@rackpilot';
const clustersPath = `/apis/airship.airshipit.org/v1/namespaces/${namespace}/sipclusters`;

async function createSecret(name: string, stringData: Record<string, string>) {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}/secrets`, {
    method: 'POST',
    body: { apiVersion: 'v1', kind: 'Secret', metadata: { name }, type: 'Opaque', stringData },
  });
}

async function createHost(name: string, flavor: string, rack: string, index: number) {
  const mac = `52:54:00:${id.slice(0, 2)}:${id.slice(2, 4)}:${index.toString(16).padStart(2, '0')}`;
  await createSecret(`${name}-bmc`, { username: 'admin', password: 'secret' });
  await createSecret(`${name}-network-data`, {
    networkData: JSON.stringify({
      networks: [{ id: 'oam-ipv4', type: 'ipv4', ip_address: `10.66.0.${index}` }],
    }),
  });
  await kubeRequestJson(kc, `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`, {
    method: 'POST',
    body: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: { name, labels: { 'rackpilot.io/flavor': flavor, [rackKey]: rack } },
      spec: {
        online: true,
        bootMACAddress: mac,
        bmc: { address: `ipmi://10.67.0.${index}:623`, credentialsName: `${name}-bmc` },
        networkData: { name: `${name}-network-data` },
      },
    },
  });
  // SIP schedules only hosts BMO reports available; no BMO runs here, so the test reports it.
  await kubeRequestJson(
    kc,
    `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts/${name}/status`,
    {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: { status: { operationalStatus: 'OK', provisioning: { state: 'available' } } },
    },
  );
}

async function sipClusters(): Promise<{ metadata: { name: string }; spec: Record<string, unknown> }[]> {
  const list = await kubeRequestJson<{
    items: { metadata: { name: string }; spec: Record<string, unknown> }[];
  }>(kc, clustersPath);
  return list.items;
}

test.beforeAll(async () => {
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  await createSecret('jump-keys', { id_ed25519: 'not a real key' });
  // Two control-plane hosts on one rack: with one-per-rack anti-affinity only one fits.
  await createHost('cp-1', cpFlavor, `${id}-r1`, 1);
  await createHost('cp-2', cpFlavor, `${id}-r1`, 2);
  await createHost('wk-1', workerFlavor, `${id}-r1`, 3);
  await createHost('wk-2', workerFlavor, `${id}-r2`, 4);
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

async function openForm(page: Page) {
  await page.goto('/clusters/new');
  await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-state', 'live');
}

/** Adds `rackpilot.io/flavor=<flavor>` to a role's matchLabels. */
async function selectFlavor(page: Page, role: 'ControlPlane' | 'Worker', flavor: string) {
  await page.getByTestId(`add-label-${role}`).click();
  await page.locator(`input[name="roles.${role}.matchLabels.0.key"]`).fill('rackpilot.io/flavor');
  await page.locator(`input[name="roles.${role}.matchLabels.0.value"]`).fill(flavor);
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const error = (page: Page, path: string) => page.getByTestId(`error-${path}`);

test('invalid input shows errors next to the fields and creates nothing', async ({ page }) => {
  await openForm(page);
  await field(page, 'namespace').fill(namespace);
  await field(page, 'name').fill('Bad_Name');
  await field(page, 'roles.ControlPlane.active').fill('0');
  await field(page, 'roles.Worker.active').fill('-1');
  await field(page, 'services.controlPlane.nodePort').fill('80');
  await field(page, 'services.worker.start').fill('30020');
  await field(page, 'services.worker.end').fill('30010');
  await field(page, 'services.jumpHost.authorizedKeys').fill(`${KEY}\nssh-rsa not-a-key`);
  await page.getByTestId('add-label-Worker').click();
  await field(page, 'roles.Worker.matchLabels.0.key').fill('bad key');
  await page.getByTestId('create-cluster').click();

  await expect(page.getByTestId('form-error')).toContainText('Nothing was created');
  await expect(error(page, 'name')).toContainText('Lower-case letters');
  await expect(error(page, 'roles.Worker.active')).toContainText('0 to 500');
  await expect(error(page, 'roles.Worker.matchLabels.0.key')).toContainText('label key name');
  await expect(error(page, 'services.controlPlane.nodePort')).toContainText('30000–32767');
  await expect(error(page, 'services.worker.end')).toContainText('must not be below its start (30020)');
  await expect(error(page, 'services.jumpHost.authorizedKeys')).toContainText(
    'Line 2 is not an OpenSSH public key',
  );
  await expect(error(page, 'services.jumpHost.privateKeySecret')).toContainText('Choose the Secret');
  await expect(field(page, 'name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/clusters\/new$/);

  // Fixing the counts alone leaves "at least one role" as the next complaint.
  await field(page, 'roles.Worker.active').fill('0');
  await expect(page.getByTestId('error-roles')).toContainText('At least one role');

  expect(await sipClusters()).toEqual([]);
});

test('the YAML tab round-trips with the form, and bad YAML keeps the last good form', async ({ page }) => {
  await openForm(page);
  await field(page, 'namespace').fill(namespace);
  await field(page, 'name').fill('yaml-trip');
  await page.getByTestId('tab-yaml').click();
  const editor = page.getByTestId('yaml-editor');
  await expect(editor).toHaveValue(/name: yaml-trip/);
  await expect(editor).toHaveValue(/nodeInterfaceId: oam-ipv4/);

  const edited = (await editor.inputValue()).replace('nodePort: 30000', 'nodePort: 31000');
  // A value the form can hold but its schema refuses: listed under the YAML with its field.
  await editor.fill(edited.replace('nodePort: 31000', 'nodePort: 80'));
  await expect(page.getByTestId('yaml-field-errors')).toContainText(
    'services.jumpHost.nodePort: Node ports are',
  );
  await editor.fill(edited);
  await expect(page.getByTestId('yaml-error')).toHaveCount(0);
  await expect(page.getByTestId('yaml-field-errors')).not.toContainText('nodePort');
  await editor.fill(`${edited}\n  nodes: [unclosed`);
  await expect(page.getByTestId('yaml-error')).toContainText('Not valid YAML');
  await editor.fill(edited.replace('kind: SIPCluster', 'kind: SIPCluster\nstatus: {}\nextra: 1'));
  await expect(page.getByTestId('yaml-error')).toContainText('extra is not supported');

  await page.getByTestId('tab-form').click();
  await expect(field(page, 'services.jumpHost.nodePort')).toHaveValue('31000');
  await field(page, 'services.controlPlane.nodePort').fill('31001');
  await page.getByTestId('tab-yaml').click();
  await expect(editor).toHaveValue(/nodePort: 31001/);
  await expect(editor).toHaveValue(/nodePort: 31000/);
});

test('the preview counts matching and schedulable hosts, and a valid submit creates the SIPCluster', async ({
  page,
  admin,
}) => {
  await openForm(page);
  await field(page, 'namespace').fill(namespace);
  await field(page, 'name').fill('sub1');
  await selectFlavor(page, 'ControlPlane', cpFlavor);
  await field(page, 'roles.ControlPlane.topologyKey').fill(rackKey);
  await field(page, 'roles.ControlPlane.standby').fill('1');
  await selectFlavor(page, 'Worker', workerFlavor);
  await field(page, 'roles.Worker.active').fill('2');

  // Two control-plane hosts match, but both sit on one rack: one fits, one short.
  await expect(page.getByTestId('preview-ControlPlane-matching')).toHaveText('2');
  await expect(page.getByTestId('preview-ControlPlane-schedulable')).toHaveText('1');
  await expect(page.getByTestId('preview-ControlPlane')).toContainText('short 1');
  await expect(page.getByTestId('preview-Worker-matching')).toHaveText('2');
  await expect(page.getByTestId('preview-Worker-schedulable')).toHaveText('2');
  await field(page, 'roles.ControlPlane.standby').fill('0');
  await expect(page.getByTestId('preview-ControlPlane')).toContainText('ok');

  await field(page, 'services.jumpHost.privateKeySecret').selectOption('jump-keys');
  await field(page, 'services.jumpHost.authorizedKeys').fill(KEY);
  await field(page, 'services.controlPlane.nodePort').fill('31401');
  await field(page, 'services.worker.start').fill('31402');
  await field(page, 'services.worker.end').fill('31405');
  await field(page, 'services.jumpHost.nodePort').fill('31400');
  // The API server checks it first without storing it.
  await page.getByTestId('dry-run').click();
  await expect(page.getByTestId('form-notice')).toContainText('The API server accepts this SIPCluster');
  expect(await sipClusters()).toEqual([]);
  await page.getByTestId('create-cluster').click();

  await expect(page).toHaveURL(`/clusters/${namespace}/sub1`);
  await expect(page.getByTestId('cluster-title')).toHaveText('sub1');
  await expect(page.getByTestId('ready-banner')).toBeVisible();

  const [created] = await sipClusters();
  expect(created?.metadata.name).toBe('sub1');
  expect(created?.spec).toMatchObject({
    nodes: {
      ControlPlane: {
        labelSelector: { matchLabels: { 'rackpilot.io/flavor': cpFlavor } },
        topologyKey: rackKey,
        count: { active: 1, standby: 0 },
      },
      Worker: {
        labelSelector: { matchLabels: { 'rackpilot.io/flavor': workerFlavor } },
        count: { active: 2, standby: 0 },
      },
    },
    services: {
      loadBalancerControlPlane: [{ image: 'haproxy:2.3.2', nodeInterfaceId: 'oam-ipv4', nodePort: 31401 }],
      loadBalancerWorker: [{ nodePortRange: { start: 31402, end: 31405 } }],
      jumpHost: [
        {
          image: 'quay.io/airshipit/jump-host:latest',
          nodePort: 31400,
          nodeSSHPrivateKeys: 'jump-keys',
          sshAuthorizedKeys: [KEY],
        },
      ],
    },
  });

  // The same name again: the API server's 409 comes back at the name field, nothing else is written.
  await openForm(page);
  await page.getByTestId('tab-yaml').click();
  const yaml = (await page.getByTestId('yaml-editor').inputValue())
    .replace(/name: ["']{2}/, 'name: sub1')
    .replace(/namespace: ["']{2}/, `namespace: ${namespace}`)
    .replace(/nodeSSHPrivateKeys: ["']{2}/, 'nodeSSHPrivateKeys: jump-keys')
    .replaceAll('nodePort: 3000', 'nodePort: 3200')
    .replace('start: 30002', 'start: 32002')
    .replace('end: 30011', 'end: 32011');
  await page.getByTestId('yaml-editor').fill(yaml);
  await page.getByTestId('create-cluster').click();
  await expect(error(page, 'name')).toContainText(
    `A SIPCluster named sub1 already exists in namespace ${namespace}`,
  );
  expect((await sipClusters()).length).toBe(1);
  // The audit log says the same: one create done, one refused with the API server's reason.
  const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'clusters.create' });
  const rows = (audit.data?.rows ?? []).filter((row) => row.target === `${namespace}/sub1`).reverse();
  expect(rows.map((row) => [row.result, row.error])).toEqual([
    ['ok', null],
    ['refused', expect.stringContaining(`A SIPCluster named sub1 already exists in namespace ${namespace}`)],
  ]);
});
