import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../server/kube/kube-request';
import { expect, pageAs, test, type Page } from './fixtures';

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const namespace = `e2e-a11y-${id}`;

/** Every page of the console; detail pages of objects that do not exist show their not-found state. */
const PAGES = [
  '/',
  '/hosts',
  '/hosts/new',
  `/hosts/${namespace}/a11y-host`,
  '/hardware',
  '/clusters',
  '/clusters/new',
  `/clusters/${namespace}/none`,
  '/ironic',
  '/ironic/new',
  `/ironic/${namespace}/none`,
  '/audit',
  '/admin',
  '/account',
  '/wall',
];

test.beforeAll(async () => {
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  await kubeRequestJson(kc, `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`, {
    method: 'POST',
    body: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: { name: 'a11y-host', labels: { 'rackpilot.io/rack': 'rack-1' } },
      spec: {
        online: true,
        bootMACAddress: '3c:ec:ef:00:a1:1e',
        bmc: { address: 'ipmi://10.0.0.1', credentialsName: 'x' },
      },
    },
  });
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

/** axe-core's critical and serious WCAG 2.1 A/AA violations, one line per rule with the elements hit. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map(
      (violation) =>
        `${violation.impact ?? ''} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Opens the page and waits until its data is shown; a page without its one h1 is a finding too. */
async function settle(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
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
    test.setTimeout(180_000);
    const page = role === 'admin' ? adminPage : await pageAs(browser, admin, `e2e-a11y-${role}-${id}`, role);
    const found: Record<string, string[]> = {};
    for (const path of PAGES) {
      const violations = [...(await settle(page, path)), ...(await seriousViolations(page))];
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
