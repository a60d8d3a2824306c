import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import type { Page } from '@playwright/test';
import { kubeRequestJson } from '../server/kube/kube-request';
import type { AuditRow } from '../server/api/access/audit-query';
import { createHost } from '../tools/testenv/namespace-with-hosts';
import { OIDC_TEST_NAME, OIDC_TEST_USERS } from '../tools/testenv/oidc-provider';
import { tenantCluster, tenantHost } from '../tools/testenv/tenant-objects';
import { expect, test } from './fixtures';

// Signed out: the test signs in through the test provider as team-a's operator.
test.use({ storageState: { cookies: [], origins: [] } });

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const teamA = process.env.RACKPILOT_E2E_TEAM_NAMESPACE ?? '';
const teamB = `e2e-team-b-${id}`;
const rackA = `e2e-${id}-rack-a`;
const rackB = `e2e-${id}-rack-b`;

test.beforeAll(async () => {
  expect(teamA, 'the e2e global setup names the team namespace').not.toBe('');
  for (const namespace of [teamA, teamB]) {
    await kubeRequestJson(kc, '/api/v1/namespaces', {
      method: 'POST',
      body: { metadata: { name: namespace } },
    });
  }
  await createHost(kc, teamA, tenantHost(`a1-${id}`, rackA, 10));
  await createHost(kc, teamB, tenantHost(`b1-${id}`, rackB, 10));
  for (const [namespace, name] of [
    [teamA, `tenant-a-${id}`],
    [teamB, `tenant-b-${id}`],
  ] as const) {
    await kubeRequestJson(kc, `/apis/airship.airshipit.org/v1/namespaces/${namespace}/sipclusters`, {
      method: 'POST',
      body: tenantCluster(namespace, name),
    });
  }
});

test.afterAll(async () => {
  for (const namespace of [teamA, teamB]) {
    await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' }).catch(() => undefined);
  }
});

async function signInAsTeamA(page: Page) {
  const user = OIDC_TEST_USERS.teamA;
  await page.goto(`/hosts?q=${id}`);
  await page.getByRole('link', { name: `Sign in with ${OIDC_TEST_NAME}` }).click();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByTestId('user-menu')).toContainText('(operator)');
}

test("a team's operator sees only its namespace, and calls for another's are refused and audited", async ({
  page,
  admin,
}) => {
  await signInAsTeamA(page);
  const rows = page.getByTestId('hosts-table').getByTestId('row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`a1-${id}`);
  await expect(page.getByTestId(`facet-rack-${rackA}`)).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId(`facet-rack-${rackB}`)).toHaveCount(0);
  await page.goto(`/hosts?q=b1-${id}`);
  await expect(rows).toHaveCount(0);

  await page.goto('/clusters');
  await expect(page.getByText(`tenant-a-${id}`)).toBeVisible();
  await expect(page.getByText(`tenant-b-${id}`)).toHaveCount(0);

  await page.goto('/racks');
  await expect(page.locator(`[data-testid="rack-host"][data-host="${teamA}/a1-${id}"]`)).toBeVisible();
  await expect(page.locator(`[data-testid="rack-host"][data-host="${teamB}/b1-${id}"]`)).toHaveCount(0);
  await expect(page.getByText(rackB)).toHaveCount(0);

  // The team's namespace holds one host: the wall counts that one, not the fleet's.
  await page.goto('/wall');
  await expect(page.getByTestId('tile-hosts-value')).toHaveText('1');

  const refused = await page.request.get(
    `/api/trpc/hosts.yaml?input=${encodeURIComponent(JSON.stringify({ namespace: teamB, name: `b1-${id}` }))}`,
  );
  expect(refused.status()).toBe(403);
  const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', {
    action: 'hosts.yaml',
    actor: 'tia',
  });
  expect(audit.data?.rows.some((row) => row.target === `${teamB}/b1-${id}` && row.result === 'denied')).toBe(
    true,
  );
});
