import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { KubeConfig } from '@kubernetes/client-node';
import { parse } from 'yaml';
import { kubeRequestJson } from '../server/kube/kube-request';
import {
  applyPlacementFixture,
  PLACEMENT_FIXTURES,
  preparePlacementNamespace,
} from '../tools/lab/placement-lab';
import { createNamespaceWithHosts } from '../tools/testenv/namespace-with-hosts';
import { expect, pageAs, test, type Page } from './fixtures';
import { seriousViolations } from './serious-violations';

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const namespace = `e2e-a11y-${id}`;

/** The real objects whose detail pages are checked, created in beforeAll. */
const CLUSTER = 'a11y-cluster';
const IRONIC = 'a11y-ironic';
const MANAGER = 'a11y-contrail';
const GROUP = 'a11y-group';
const PLUNDER = 'a11y-plunder';
let placement = '';

/** Every page of the console; a detail page is checked showing its object (the `name` in its h1). */
function pages(): { path: string; name?: string }[] {
  return [
    { path: '/' },
    { path: '/hosts' },
    { path: '/hosts/new' },
    { path: '/racks' },
    { path: '/firmware' },
    { path: `/hosts/${namespace}/a11y-host`, name: 'a11y-host' },
    { path: `/hosts/${namespace}/a11y-host?tab=history`, name: 'a11y-host' },
    { path: `/hosts/${namespace}/a11y-host/firmware`, name: 'a11y-host' },
    { path: `/hosts/${namespace}/a11y-host/raid`, name: 'a11y-host' },
    { path: `/hosts/${namespace}/a11y-host/inspection`, name: 'a11y-host' },
    { path: '/hardware' },
    { path: '/plunder-clusters' },
    { path: `/plunder-clusters/${namespace}/${PLUNDER}`, name: PLUNDER },
    { path: '/clusters' },
    { path: '/clusters/new' },
    { path: `/clusters/${namespace}/${CLUSTER}`, name: CLUSTER },
    { path: `/clusters/${namespace}/${CLUSTER}/edit`, name: CLUSTER },
    { path: '/ironic' },
    { path: '/ironic/new' },
    { path: `/ironic/${namespace}/${IRONIC}`, name: IRONIC },
    { path: `/ironic/${namespace}/${IRONIC}/edit`, name: IRONIC },
    { path: '/placement' },
    { path: '/placement/new' },
    { path: `/placement/${namespace}/${placement}`, name: placement },
    { path: `/placement/${namespace}/${placement}/edit`, name: placement },
    { path: '/contrail' },
    { path: `/contrail/managers/${namespace}/${MANAGER}`, name: MANAGER },
    { path: '/contrail/groups' },
    { path: '/contrail/groups/new' },
    { path: `/contrail/groups/${namespace}/${GROUP}`, name: GROUP },
    { path: `/contrail/groups/${namespace}/${GROUP}/edit`, name: GROUP },
    { path: '/bulk' },
    { path: '/audit' },
    { path: '/admin' },
    { path: '/account' },
    { path: '/wall' },
  ];
}

/** A sample of crds/samples/valid, renamed. */
function sample(file: string, name: string): Record<string, unknown> {
  const object = parse(readFileSync(`crds/samples/valid/${file}`, 'utf8')) as { metadata: { name: string } };
  object.metadata.name = name;
  return object;
}

test.beforeAll(async () => {
  await createNamespaceWithHosts(kc, namespace, [
    {
      name: 'a11y-host',
      labels: { 'rackpilot.io/rack': 'rack-1' },
      spec: {
        online: true,
        bootMACAddress: '3c:ec:ef:00:a1:1e',
        bmc: { address: 'ipmi://10.0.0.1', credentialsName: 'x' },
        // The RAID page shows its layout tables and, to an operator, a volume's fields.
        raid: {
          softwareRAIDVolumes: [
            { level: '1', physicalDisks: [{ deviceName: '/dev/sda' }, { deviceName: '/dev/sdb' }] },
          ],
        },
      },
    },
  ]);
  // Without hosts to pick, the SIPCluster says Unschedulable; Ironic and Placement wait for their
  // database: each detail page shows conditions, not only a name.
  await kubeRequestJson(kc, `/apis/airship.airshipit.org/v1/namespaces/${namespace}/sipclusters`, {
    method: 'POST',
    body: sample('sipcluster.yaml', CLUSTER),
  });
  await kubeRequestJson(kc, `/apis/metal3.io/v1alpha1/namespaces/${namespace}/ironics`, {
    method: 'POST',
    body: sample('ironic-sample.yaml', IRONIC),
  });
  // A Manager whose one group selects no node: the group's page shows why it is not ready.
  await kubeRequestJson(kc, `/apis/contrail.juniper.net/v1alpha1/namespaces/${namespace}/managers`, {
    method: 'POST',
    body: {
      apiVersion: 'contrail.juniper.net/v1alpha1',
      kind: 'Manager',
      metadata: { name: MANAGER },
      spec: {
        services: {
          vrouterProfileTemplates: [{ metadata: { name: 'kernel' }, spec: { kernelModeConfiguration: {} } }],
          vrouterTemplates: [
            {
              metadata: { name: GROUP, kind: 'ContrailVrouter' },
              spec: {
                nodeSelector: { 'rackpilot.io/e2e-a11y': id },
                configuration: { vRouterGateway: '10.1.1.1', profiles: ['kernel'] },
              },
            },
          ],
        },
      },
    },
  });
  // A Plunder cluster with one machine waiting for its hardware: the page lists it.
  const plunder = '/apis/infrastructure.cluster.x-k8s.io/v1alpha1/namespaces/' + namespace;
  await kubeRequestJson(kc, `${plunder}/plunderclusters`, {
    method: 'POST',
    body: {
      apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
      kind: 'PlunderCluster',
      metadata: { name: PLUNDER },
      spec: { subnet: '10.127.0.0/24' },
    },
  });
  await kubeRequestJson(kc, `${plunder}/plundermachines`, {
    method: 'POST',
    body: {
      apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
      kind: 'PlunderMachine',
      metadata: {
        name: `${PLUNDER}-1`,
        labels: { 'cluster.x-k8s.io/cluster-name': PLUNDER },
        annotations: { 'infrastructure.rackpilot.io/standalone': 'true' },
      },
      spec: { macaddress: '02:a1:1e:00:00:01' },
    },
  });
  // The host's firmware settings, from the BMO-shaped samples: the page shows its table and editors.
  const metal3 = `/apis/metal3.io/v1alpha1/namespaces/${namespace}`;
  const schema = sample('firmwareschema-vendor-model.yaml', 'a11y-schema');
  await kubeRequestJson(kc, `${metal3}/firmwareschemas`, { method: 'POST', body: schema });
  await kubeRequestJson(kc, `${metal3}/hostfirmwaresettings`, {
    method: 'POST',
    body: sample('hostfirmwaresettings-map.yaml', 'a11y-host'),
  });
  await kubeRequestJson(kc, `${metal3}/hostfirmwaresettings/a11y-host/status`, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: {
      status: {
        schema: { name: 'a11y-schema', namespace },
        settings: {
          ProcVirtualization: 'Disabled',
          SRIOV: 'Enabled',
          NetworkBootRetryCount: '20',
          SecureBoot: 'false',
        },
      },
    },
  });
  // Its firmware components with updates requested: the section shows its tables and the request form.
  await kubeRequestJson(kc, `${metal3}/hostfirmwarecomponents`, {
    method: 'POST',
    body: sample('hostfirmwarecomponents-updates.yaml', 'a11y-host'),
  });
  await kubeRequestJson(kc, `${metal3}/hostfirmwarecomponents/a11y-host/status`, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: {
      status: { components: [{ component: 'bios', initialVersion: '1.0.0', currentVersion: '1.0.0' }] },
    },
  });
  await preparePlacementNamespace(kc, namespace);
  placement = await applyPlacementFixture(kc, PLACEMENT_FIXTURES.sample, namespace);
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

/**
 * Opens the page and waits until its data is shown; a page without its one h1 is a finding too, and
 * so is a detail page that does not show its object.
 */
async function settle(page: Page, path: string, name?: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  if (name) {
    await expect(page.locator('h1')).toContainText(name);
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  }
  // What a page shows may wait for the viewer's role; a page that never gets its h1 is reported below.
  await expect(page.locator('h1'))
    .toHaveCount(1)
    .catch(() => undefined);
  const headings = await page.locator('h1').count();
  return headings === 1 ? [] : [`${headings} h1 elements (a page has one)`];
}

for (const role of ['admin', 'viewer'] as const) {
  test(`no critical or serious axe violation on any page, as ${role}`, async ({
    page: adminPage,
    browser,
    admin,
  }) => {
    // A bound, not a measure: each page loads and is scanned in a few seconds; a shared machine needs more.
    test.setTimeout(pages().length * 8_000);
    const page = role === 'admin' ? adminPage : await pageAs(browser, admin, `e2e-a11y-${role}-${id}`, role);
    const found: Record<string, string[]> = {};
    for (const { path, name } of pages()) {
      const violations = [...(await settle(page, path, name)), ...(await seriousViolations(page))];
      if (violations.length > 0) found[path] = violations;
    }
    expect(found).toEqual({});
  });
}

test('no critical or serious axe violation on the sign-in page', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  expect([...(await settle(page, '/login')), ...(await seriousViolations(page))]).toEqual([]);
  await context.close();
});
