import { expect, expectConsoleError, test } from './fixtures';
import { OIDC_TEST_NAME, OIDC_TEST_USERS, type OidcTestUser } from '../tools/testenv/oidc-provider';
import type { Page } from '@playwright/test';

// Signed out: each test signs in through the test provider the global setup started.
test.use({ storageState: { cookies: [], origins: [] } });

/** From a console page through the sign-in page's provider button and the provider's own login form. */
async function signInThroughProvider(page: Page, path: string, user: OidcTestUser) {
  await page.goto(path);
  await page.getByRole('link', { name: `Sign in with ${OIDC_TEST_NAME}` }).click();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('signs in through the identity provider and lands with the role of the user’s group', async ({
  page,
}) => {
  const user = OIDC_TEST_USERS.operator;
  await signInThroughProvider(page, '/hosts', user);
  await expect(page).toHaveURL(/\/hosts$/);
  await expect(page.getByTestId('user-menu')).toContainText(user.username);
  await expect(page.getByTestId('user-menu')).toContainText('(operator)');
});

test('signing out offers the provider’s own sign-out', async ({ page }) => {
  // The page's own session check and socket, cut off by the sign-out before the browser leaves it.
  expectConsoleError(/status of 401 .*\/api\/auth\/session/);
  expectConsoleError(/WebSocket connection .* failed/);
  await signInThroughProvider(page, '/', OIDC_TEST_USERS.viewer);
  await expect(page.getByTestId('user-menu')).toContainText('(viewer)');
  await page.getByRole('button', { name: 'Sign out' }).click();
  // The sign-out navigates on its own once answered; the ended session the page notices meanwhile is held.
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('link', { name: `Also sign out of ${OIDC_TEST_NAME}` })).toHaveAttribute(
    'href',
    /\/end_session\?/,
  );
});

test('a user in no mapped group gets no access and a page that says why', async ({ page }) => {
  expectConsoleError(/403/);
  await signInThroughProvider(page, '/', OIDC_TEST_USERS.outsider);
  await expect(page.getByText('none of your groups at Test IdP gives access to Rackpilot')).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});
