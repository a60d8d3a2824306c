import { defineConfig, devices } from '@playwright/test';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tools/testenv/playwright-global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // Once more on a failure; `npm test` names each test that passed only on its retry (docs/decisions.md).
  retries: 1,
  timeout: 60_000,
  // The whole tier, bounded well inside CI's 90 minutes (it takes about 7 on two cores): a stuck browser or
  // server fails what is left instead of the whole run.
  globalTimeout: 30 * 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    // Set by the global setup, which starts the server on a free port; workers start after it.
    baseURL: process.env.RACKPILOT_E2E_BASE_URL,
    // The test admin's session, written by the global setup; specs that need another user sign in themselves.
    storageState: process.env.RACKPILOT_E2E_STORAGE_STATE,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          // Debian's Chromium; Playwright's own browser download is not reachable here.
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--disable-gpu', '--disable-quic', '--disable-sync', '--disable-background-networking'],
        },
      },
    },
  ],
});
