import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CoreV1Api, CustomObjectsApi, KubeConfig } from '@kubernetes/client-node';
import { parse } from 'yaml';
import { kubeRequestJson } from '../server/kube/kube-request';
import { expect, test } from './fixtures';
import { createHost } from '../tools/testenv/namespace-with-hosts';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `e2e-overview-${randomBytes(3).toString('hex')}`;

test.beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
});

test.afterAll(async () => {
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

test('shows the connected cluster', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('server-version')).toHaveText(/^v1\.\d+\.\d+/);
  await expect(page.getByTestId('nodes-ready')).toHaveText(/^(\d+) \/ \1$/);
  await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-state', 'live');
  for (const kind of ['SIPCluster', 'BareMetalHost', 'Ironic', 'PlacementAPI', 'PlunderMachine', 'Vrouter']) {
    await expect(page.getByTestId(`count-${kind}`)).toBeVisible();
  }
});

test('a BareMetalHost created with the API shows up live, without a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-state', 'live');
  const count = page.getByTestId('count-BareMetalHost-value');
  let reloaded = false;
  page.on('framenavigated', () => (reloaded = true));

  const objects = kc.makeApiClient(CustomObjectsApi);
  // Other specs' hosts may still be going away, so the page is compared with the API server, not a fixed number.
  const matchesApiServer = async () => {
    const list = (await objects.listCustomObjectForAllNamespaces({
      group: 'metal3.io',
      version: 'v1alpha1',
      plural: 'baremetalhosts',
    })) as { items: { metadata: { namespace: string; name: string } }[] };
    const withOurs = list.items.some((host) => host.metadata.namespace === namespace);
    return { withOurs, same: Number(await count.textContent()) === list.items.length };
  };
  await objects.createNamespacedCustomObject({
    group: 'metal3.io',
    version: 'v1alpha1',
    namespace,
    plural: 'baremetalhosts',
    body: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: { name: 'e2e-host' },
      spec: { online: false, bootMACAddress: '52:54:00:aa:bb:01' },
    },
  });
  await expect.poll(matchesApiServer).toEqual({ withOurs: true, same: true });

  await objects.deleteNamespacedCustomObject({
    group: 'metal3.io',
    version: 'v1alpha1',
    namespace,
    plural: 'baremetalhosts',
    name: 'e2e-host',
  });
  await expect.poll(matchesApiServer).toEqual({ withOurs: false, same: true });
  expect(reloaded).toBe(false);
});

test('one WebSocket per tab, kept across page navigation', async ({ page }) => {
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await page.goto('/');
  await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-state', 'live');
  await page.getByRole('link', { name: 'Hosts' }).click();
  await expect(page).toHaveURL(/\/hosts/);
  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByTestId('server-version')).toBeVisible();
  expect(sockets).toHaveLength(1);
  expect(sockets[0]).toMatch(/\/ws$/);
});

test('the overview leads with problems: a host in error and a tenant cluster not Ready, each linked', async ({
  page,
}) => {
  await createHost(
    kc,
    namespace,
    { name: 'broken-bmc', spec: { online: true, bootMACAddress: '52:54:00:aa:bb:02' } },
    {
      operationalStatus: 'error',
      errorType: 'power management error',
      errorMessage: 'BMC 10.10.4.13:623 did not answer the power status query',
      provisioning: { state: 'available', ID: '' },
    },
  );
  // The SIP sample, asking for hosts with a label nothing carries: SIP marks it Ready=False, Unschedulable.
  const cluster = parse(readFileSync('crds/samples/valid/sipcluster.yaml', 'utf8')) as {
    metadata: { name: string };
    spec: {
      nodes: Record<string, { labelSelector: { matchLabels: Record<string, string> } }>;
      services: {
        jumpHost: { nodePort: number }[];
        loadBalancerControlPlane: { nodePort: number }[];
        loadBalancerWorker: { nodePortRange: { start: number; end: number } }[];
      };
    };
  };
  cluster.metadata.name = 'no-hosts';
  for (const role of Object.values(cluster.spec.nodes)) {
    role.labelSelector.matchLabels = { 'e2e-overview': namespace };
  }
  // Node ports of its own: the sample's (30000–30011) may still be held by an earlier spec's cluster
  // whose namespace is being deleted, which would make this one InfraServiceFailure, not Unschedulable.
  const [jumpHost] = cluster.spec.services.jumpHost;
  const [controlPlane] = cluster.spec.services.loadBalancerControlPlane;
  const [worker] = cluster.spec.services.loadBalancerWorker;
  if (!jumpHost || !controlPlane || !worker) throw new Error('the SIP sample lost a service');
  jumpHost.nodePort = 30080;
  controlPlane.nodePort = 30081;
  worker.nodePortRange = { start: 30082, end: 30084 };
  await kubeRequestJson(kc, `/apis/airship.airshipit.org/v1/namespaces/${namespace}/sipclusters`, {
    method: 'POST',
    body: cluster,
  });

  await page.goto('/');
  const problems = page.getByTestId('problems');
  const host = problems.getByTestId('problem').filter({ hasText: `${namespace}/broken-bmc` });
  await expect(host).toContainText('did not answer the power status query');
  await expect(host.getByRole('link')).toHaveAttribute('href', `/hosts/${namespace}/broken-bmc`);
  const tenant = problems.getByTestId('problem').filter({ hasText: `${namespace}/no-hosts` });
  await expect(tenant).toContainText('Unschedulable', { timeout: 30_000 });
  await expect(tenant.getByRole('link')).toHaveAttribute('href', `/clusters/${namespace}/no-hosts`);
  // Problems come first, then capacity and events, the raw counts last.
  const order = await page
    .locator(
      '[data-testid="problems"], [data-testid="capacity"], [data-testid="warnings"], [data-testid="server-version"]',
    )
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid')));
  expect(order).toEqual(['problems', 'capacity', 'warnings', 'server-version']);
  await host.getByRole('link').click();
  await expect(page.getByTestId('host-title')).toHaveText('broken-bmc');
});
