import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../server/kube/kube-request';
import { expect, expectConsoleError, pageAs, test } from './fixtures';

/**
 * A vRouter group created through the form, with the Contrail controllers running in the server and
 * kwok running the agents on two simulated nodes of this run and the Manager's services on a third:
 * the selector builder counts nodes live, a bad core mask is shown and fixed, the group names the
 * Manager's Control and waits for it, then its page follows the DaemonSet to ready without a reload;
 * the Manager's page and the wall's Contrail tile show every component with its state. A viewer sees
 * the pages without Create, and the mutation is refused.
 */

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const namespace = `e2e-contrail-${id}`;
const TAINT = 'rackpilot.io/e2e-contrail';
/** The label of this run's node for the Manager's services: not one the groups' selectors match. */
const CONTROLLER = 'rackpilot.io/e2e-contrail-controller';
const nodes = [`e2e-contrail-${id}-dpdk`, `e2e-contrail-${id}-held`, `e2e-contrail-${id}-ctl`];
const managerPath = `/apis/contrail.juniper.net/v1alpha1/namespaces/${namespace}/managers`;
const service = (name: string, serviceConfiguration: Record<string, string> = {}) => ({
  metadata: { name },
  spec: { serviceConfiguration },
});
const db = { cassandraInstance: 'cassandra1', zookeeperInstance: 'zookeeper1' };
/** The Manager's components as its page names them: type and name. */
const COMPONENTS = [
  ['cassandra', 'cassandra1'],
  ['zookeeper', 'zookeeper1'],
  ['rabbitmq', 'rabbitmq1'],
  ['config', 'config1'],
  ['control', 'control1'],
  ['kubemanager', 'kubemanager1'],
  ['webui', 'webui1'],
  ['provisionmanager', 'provmanager1'],
] as const;

test.beforeAll(async () => {
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  for (const name of nodes) {
    await kubeRequestJson(kc, '/api/v1/nodes', {
      method: 'POST',
      body: {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: {
          name,
          annotations: { 'kwok.x-k8s.io/node': 'fake' },
          labels: {
            'kubernetes.io/hostname': name,
            ...(name.endsWith('ctl')
              ? { [CONTROLLER]: id }
              : { [TAINT]: id, role: name.endsWith('dpdk') ? 'dpdk' : 'held' }),
          },
        },
        // Only this run's agents land here.
        spec: { taints: [{ key: TAINT, value: id, effect: 'NoSchedule' }] },
        status: {
          allocatable: { cpu: '32', memory: '256Gi', pods: '110' },
          capacity: { cpu: '32', memory: '256Gi', pods: '110' },
        },
      },
    });
  }
  // Every component but Config, which the test adds once the group waits for its Control.
  await kubeRequestJson(kc, managerPath, {
    method: 'POST',
    body: {
      apiVersion: 'contrail.juniper.net/v1alpha1',
      kind: 'Manager',
      metadata: { name: 'e2e-contrail' },
      spec: {
        commonConfiguration: {
          nodeSelector: { [CONTROLLER]: id },
          tolerations: [{ key: TAINT, operator: 'Exists', effect: 'NoSchedule' }],
        },
        services: {
          cassandras: [service('cassandra1')],
          zookeepers: [service('zookeeper1')],
          rabbitmq: service('rabbitmq1'),
          controls: [service('control1', { cassandraInstance: 'cassandra1' })],
          kubemanagers: [service('kubemanager1', db)],
          webui: service('webui1', { cassandraInstance: 'cassandra1' }),
          provisionManager: service('provmanager1'),
          vrouterProfileTemplates: [
            {
              metadata: { name: 'tuning' },
              spec: { otherConfig: { moreConfig: { log_level: 'SYS_INFO' } } },
            },
            { metadata: { name: 'kernel' }, spec: { kernelModeConfiguration: {} } },
          ],
          vrouterTemplates: [
            {
              metadata: { name: 'held', kind: 'ContrailVrouter' },
              spec: {
                nodeSelector: { [TAINT]: id, role: 'held' },
                tolerations: [{ key: TAINT, operator: 'Exists', effect: 'NoSchedule' }],
                configuration: { profiles: ['kernel'] },
              },
            },
          ],
        },
      },
    },
  });
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
  for (const name of nodes) await kubeRequestJson(kc, `/api/v1/nodes/${name}`, { method: 'DELETE' });
});

test('an operator creates a DPDK group naming the Control, sees it wait for it, then go ready with every component', async ({
  browser,
  admin,
}) => {
  test.setTimeout(420_000);
  const page = await pageAs(browser, admin, `e2e-contrail-op-${id}`, 'operator');
  await page.goto('/contrail/groups/new');
  await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-state', 'live');
  await page.getByTestId('manager-picker').selectOption(`${namespace}/e2e-contrail`);
  await page.locator('[name="name"]').fill('dpdk-e2e');

  // The selector builder counts live: this run's label matches both nodes, one held by "held".
  await page.getByTestId('node-selector-add').click();
  await page.locator('[name="nodeSelector.0.key"]').fill(TAINT);
  await page.locator('[name="nodeSelector.0.value"]').fill(id);
  await expect(page.getByTestId('match-count')).toHaveText('2 nodes match');
  await expect(page.getByTestId('match-taken')).toContainText('1 already in another group');
  await expect(page.getByTestId('match-nodes')).toContainText(`${namespace}/held`);
  await page.getByTestId('node-selector-add').click();
  await page.locator('[name="nodeSelector.1.key"]').fill('role');
  await page.locator('[name="nodeSelector.1.value"]').fill('dpdk');
  await expect(page.getByTestId('match-count')).toHaveText('1 node matches');
  await expect(page.getByTestId('match-taken')).toHaveCount(0);

  await page.getByTestId('add-toleration').click();
  await page.locator('[name="tolerations.0.key"]').fill(TAINT);
  await page.locator('[name="gateway"]').fill('10.1.1.1');
  // The Manager's Control, not created yet (it waits for Config): the form says the group waits for it.
  await expect(page.getByTestId('control-picker').locator('option')).toHaveText([
    'None: the agents know no control node and route nothing',
    'control1 (not created yet: the group waits for it)',
  ]);
  await page.getByTestId('control-picker').selectOption('control1');
  await page.getByTestId('profile-tuning').check();
  await page.getByTestId('new-profile').check();
  await page.locator('[name="newProfile.name"]').fill('dpdk-e2e');
  // The CRD's rule, in the form: a zero core mask is refused at its field, then fixed.
  await page.locator('[name="newProfile.coreMask"]').fill('0x0');
  await expect(page.getByTestId('error-newProfile.coreMask')).toHaveText(
    'coreMask must be a non-zero hex number such as 0xF',
  );
  await page.locator('[name="newProfile.coreMask"]').fill('0x3');
  await expect(page.getByTestId('error-newProfile.coreMask')).toHaveCount(0);

  await page.getByRole('tab', { name: 'YAML preview' }).click();
  await expect(page.getByTestId('yaml')).toContainText('vrouterTemplates');
  await expect(page.getByTestId('yaml')).toContainText('0x3');
  await expect(page.getByTestId('yaml')).toContainText('controlInstance: control1');
  await page.getByRole('tab', { name: 'Form' }).click();

  // From here on the page is never reloaded: the marker would be gone.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  await page.getByTestId('create-group').click();
  await expect(page).toHaveURL(`/contrail/groups/${namespace}/dpdk-e2e`);
  // The Manager holds the group back until its Control is active, and the page says so.
  await expect(page.getByTestId('group-held-back')).toContainText(
    'Manager e2e-contrail creates this group once its peers are active: control control1 is not active yet',
    { timeout: 30_000 },
  );
  // Config comes: Control follows it, and the group once Control is active.
  await kubeRequestJson(kc, `${managerPath}/e2e-contrail`, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: { spec: { services: { config: service('config1', db) } } },
  });
  // One name for the kind on its page and its Delete button (issue 47, item 11).
  await expect(page.getByText(`vRouter group in namespace ${namespace}`)).toBeVisible();
  await expect(page.getByTestId('ready-banner').getByTestId('ready')).toHaveAttribute('data-status', 'True', {
    timeout: 300_000,
  });
  await expect(page.getByTestId('group-progress').getByTestId('agents-ready')).toHaveText('1/1');
  await expect(page.getByTestId('group-node-table')).toContainText(nodes[0] ?? '');
  await expect(page.getByTestId('group-profiles')).toContainText('DPDK core mask 0x3');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The Manager's page: every component with its state, each active now.
  await page.goto(`/contrail/managers/${namespace}/e2e-contrail`);
  for (const [type, name] of COMPONENTS) {
    const panel = page.getByTestId(`service-${type}-${name}`);
    await expect(panel.getByTestId('service-active')).toHaveAttribute('data-active', 'true', {
      timeout: 60_000,
    });
  }
  await expect(page.getByTestId('manager-group-table')).toContainText('dpdk-e2e');
  // The wall's Contrail tile counts each of them and the groups.
  await page.goto('/wall');
  const parts = page.getByTestId('tile-service-contrail-parts');
  for (const label of [
    'Cassandra',
    'ZooKeeper',
    'RabbitMQ',
    'Config',
    'Control',
    'Kubemanager',
    'Webui',
    'ProvisionManager',
    'vRouter groups',
  ])
    await expect(parts.getByText(new RegExp(`^(✖ )?${label} \\d+/\\d+$`))).toBeVisible();
  await page.context().close();
});

test('a viewer sees the Contrail pages without Create, and the create mutation is refused', async ({
  browser,
  admin,
}) => {
  const page = await pageAs(browser, admin, `e2e-contrail-viewer-${id}`, 'viewer');
  await page.goto('/contrail/groups');
  await expect(page.getByRole('heading', { name: 'vRouter groups' })).toBeVisible();
  await expect(page.getByTestId('group-table')).toContainText('held');
  await expect(page.getByTestId('new-group')).toHaveCount(0);
  await page.goto('/contrail');
  await expect(page.getByTestId('manager-table')).toContainText('e2e-contrail');
  // The form page and the forged mutation answer 403, which the browser logs: the refusal under test.
  expectConsoleError(/status of 403/);
  await page.goto('/contrail/groups/new');
  await expect(page.getByTestId('no-permission')).toContainText('operator role');
  await expect(page.getByTestId('create-group')).toHaveCount(0);
  const status = await page.evaluate(async (ns) => {
    const response = await fetch('/api/trpc/contrail.groups.create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        namespace: ns,
        manager: 'e2e-contrail',
        name: 'forged',
        nodeSelector: [],
        tolerations: [],
        gateway: '',
        controlInstance: '',
        knownControls: [],
        upgradeStrategy: 'rolling',
        profiles: ['kernel'],
        knownProfiles: [{ name: 'kernel', spec: { kernelModeConfiguration: {} } }],
        newProfile: {
          enabled: false,
          name: '',
          mode: 'dpdk',
          coreMask: '0xF',
          hugepages2M: 0,
          hugepages1G: 0,
          cpuPinning: '',
          numberOfVfs: 1,
          vfMappings: '',
          moreConfig: [],
        },
        nodeVfCapacity: null,
      }),
    });
    return response.status;
  }, namespace);
  expect(status).toBe(403);
  await page.context().close();
});
