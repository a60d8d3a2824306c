import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { runStandInSimulator } from '../tools/lab/openstack-stand-ins';
import { preparePlacementNamespace } from '../tools/lab/placement-lab';
import { kubeRequestJson } from '../server/kube/kube-request';
import { expect, expectConsoleError, pageAs, test } from './fixtures';

/**
 * A PlacementAPI created through the form, with the controllers running in the server and the lab's
 * simulated stand-ins playing mariadb- and keystone-operator: the checklist fills in live, step by
 * step, to Ready. A viewer gets no create button and the create mutation is refused.
 */

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `e2e-placement-${randomBytes(3).toString('hex')}`;
const stop = new AbortController();
let simulator: Promise<void> | undefined;

test.beforeAll(async () => {
  await preparePlacementNamespace(kc, namespace);
  simulator = runStandInSimulator(kc, { intervalMs: 1_000, signal: stop.signal, log: console.log });
});

test.afterAll(async () => {
  stop.abort();
  await simulator;
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

test('create a PlacementAPI through the form; the checklist fills in live to Ready', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/placement/new');
  await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-state', 'live');
  await page.locator('[name="namespace"]').fill(namespace);
  await page.locator('[name="name"]').fill('placement');
  // The picker lists Secret names only, and says whether the selector key is there.
  await page.locator('[name="secret"]').selectOption('osp-secret');
  await expect(page.getByText('has the key PlacementPassword')).toBeVisible();
  await page.locator('[name="customServiceConfig"]').fill('[DEFAULT]\ndebug = true');
  await page.getByRole('tab', { name: 'YAML preview' }).click();
  await expect(page.getByTestId('yaml')).toContainText('kind: PlacementAPI');
  await page.getByRole('tab', { name: 'Form' }).click();

  await page.getByTestId('create-placement').click();
  await expect(page).toHaveURL(`/placement/${namespace}/placement`);

  const checklist = page.getByTestId('placement-checklist');
  await expect(checklist).toBeVisible();
  // Filled in by the controller in its order: RBAC and inputs first, then the database, …
  await expect(checklist.getByTestId('check-InputReady')).toHaveAttribute('data-status', 'True', {
    timeout: 60_000,
  });
  await expect(checklist.getByTestId('check-DBReady')).toHaveAttribute('data-status', 'True', {
    timeout: 60_000,
  });
  await expect(checklist.getByTestId('check-DeploymentReady')).toHaveAttribute('data-status', 'True', {
    timeout: 90_000,
  });
  // … and Keystone last, after which everything is ticked and Ready is True.
  await expect(page.getByTestId('ready-banner').getByTestId('ready')).toHaveAttribute('data-status', 'True', {
    timeout: 90_000,
  });
  await expect(checklist.locator('[data-status="True"]')).toHaveCount(14);
  await expect(page.getByTestId('ready-count')).toHaveText('1/1 ready');
  await expect(page.getByTestId('input-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId('placement-objects')).toContainText('placement-internal');
});

test('a viewer gets no create button, and the create mutation is refused', async ({ browser, admin }) => {
  const page = await pageAs(
    browser,
    admin,
    `e2e-placement-viewer-${randomBytes(3).toString('hex')}`,
    'viewer',
  );
  await page.goto('/placement');
  await expect(page.getByRole('heading', { name: 'Placement' })).toBeVisible();
  await expect(page.getByTestId('new-placement')).toHaveCount(0);
  // The page and the forged mutation answer 403, which the browser logs: the refusal under test.
  expectConsoleError(/status of 403/);
  await page.goto('/placement/new');
  await expect(page.getByTestId('no-permission')).toContainText('operator role');
  const status = await page.evaluate(async (ns) => {
    const response = await fetch('/api/trpc/placement.create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        namespace: ns,
        name: 'forged',
        databaseInstance: 'openstack',
        databaseAccount: 'placement',
        secret: 'osp-secret',
        passwordSelector: 'PlacementPassword',
        replicas: 1,
        caBundleSecret: '',
        internal: { type: 'ClusterIP', annotations: '', endpointURL: '', tlsSecret: '' },
        public: { type: 'ClusterIP', annotations: '', endpointURL: '', tlsSecret: '' },
        networkAttachments: '',
        customServiceConfig: '',
      }),
    });
    return response.status;
  }, namespace);
  expect(status).toBe(403);
  await page.context().close();
});
