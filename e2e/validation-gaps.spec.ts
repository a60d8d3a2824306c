import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../server/kube/kube-request';
import { validSipClusterForm } from '../server/schemas/sip-cluster-form-test-fixtures';
import { sipClusterFromForm } from '../server/schemas/sip-cluster-object';
import { createNamespaceWithHosts } from '../tools/testenv/namespace-with-hosts';
import { expect, test } from './fixtures';

/**
 * What the forms let through before it broke something later: a second host with a boot MAC already
 * in use, a BMC address missing its scheme's colon, nodePorts that collide with the previous cluster's;
 * and example placeholders that looked like filled-in values.
 */

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const namespace = `e2e-gaps-${id}`;
const mac = `3c:ec:ef:${id.slice(0, 2)}:${id.slice(2, 4)}:${id.slice(4)}`;

test.beforeAll(async () => {
  await createNamespaceWithHosts(kc, namespace, [
    { name: 'first', spec: { online: false, bootMACAddress: mac } },
  ]);
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

test('a second host with a boot MAC already in use fails the dry run, on the MAC field', async ({ page }) => {
  // The server checks against its host cache: wait until the first host is listed.
  await page.goto(`/hosts?q=${namespace}`);
  await expect(page.getByTestId('hosts-table').getByTestId('row')).toHaveCount(1);

  await page.goto('/hosts/new');
  await page.getByLabel('Namespace').fill(namespace);
  await page.getByLabel('Name', { exact: true }).fill('second');
  await page.getByLabel('BMC address').fill('redfish+https://10.95.0.2/redfish/v1/Systems/1');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('secret');
  await page.getByLabel('Boot MAC address').fill(mac.toUpperCase().replaceAll(':', '-'));
  await page.getByTestId('dry-run').click();
  await expect(page.getByTestId('error-bootMACAddress')).toHaveText(
    `${mac} is already the boot MAC of host ${namespace}/first`,
  );
  await expect(page.getByTestId('form-notice')).toHaveCount(0);
});

test('a BMC address missing the colon of its scheme is refused at the field', async ({ page }) => {
  await page.goto('/hosts/new');
  await page.getByLabel('BMC address').fill('http//10.0.0.5');
  await page.getByLabel('BMC address').blur();
  await expect(page.getByTestId('error-bmcAddress')).toHaveText(
    '"http//" lacks the colon of a scheme: write http://…',
  );
});

test("a new cluster's nodePorts start past those of the cluster before it", async ({ page }) => {
  const form = validSipClusterForm();
  form.namespace = namespace;
  form.name = 'previous';
  form.services.jumpHost.privateKeySecret = 'keys';
  await kubeRequestJson(kc, `/apis/airship.airshipit.org/v1/namespaces/${namespace}/sipclusters`, {
    method: 'POST',
    body: sipClusterFromForm(form),
  });
  const used = form.services;
  await page.goto('/clusters/new');
  const jumpHost = page.locator('[name="services.jumpHost.nodePort"]');
  await expect(jumpHost).not.toHaveValue(String(used.jumpHost.nodePort));
  const ports = await Promise.all(
    ['jumpHost.nodePort', 'controlPlane.nodePort', 'worker.start', 'worker.end'].map(async (path) =>
      Number(await page.locator(`[name="services.${path}"]`).inputValue()),
    ),
  );
  // Laid out as the defaults are, after everything the previous cluster holds.
  expect(ports[0]).toBeGreaterThan(used.worker.end);
  expect(ports).toEqual([ports[0], (ports[0] ?? 0) + 1, (ports[0] ?? 0) + 2, (ports[0] ?? 0) + 11]);
  await expect(page.getByTestId('error-services.jumpHost.nodePort')).toHaveCount(0);
});

test('placeholders read as examples: "e.g." and set in italics', async ({ page }) => {
  await page.goto('/ironic/new');
  await page.getByTestId('tls-mode-generate').check();
  const dnsName = page.locator('[name="tls.dnsName"]');
  await expect(dnsName).toHaveAttribute('placeholder', 'e.g. ironic.example.com');
  await expect(page.locator('[name="networking.ipAddress"]')).toHaveAttribute('placeholder', /^e\.g\. /);
  expect(await dnsName.evaluate((input) => getComputedStyle(input, '::placeholder').fontStyle)).toBe(
    'italic',
  );
  await dnsName.fill('ironic.lab.example');
  expect(await dnsName.evaluate((input) => getComputedStyle(input).fontStyle)).toBe('normal');
});
