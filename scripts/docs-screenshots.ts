import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

/**
 * The README's screenshots, taken from a running console with the lab (`npm start`): the host page with
 * its actions menu open, the Add host form and the overview. Element shots of the page's main area at a
 * laptop's width keep each PNG small.
 */
const USAGE =
  'usage: npm run docs:screenshots -- <console URL> --password PASSWORD [--user admin] [--host lab/r4-wk-03] [--out docs]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: process.env.RACKPILOT_ADMIN_PASSWORD },
    host: { type: 'string', default: 'lab/r4-wk-03' },
    out: { type: 'string', default: 'docs' },
  },
});
const [url] = positionals;
if (!url || !values.password) {
  console.error(USAGE);
  process.exit(2);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 760 }, colorScheme: 'dark' });
  await page.goto(`${url}/login`);
  await page.getByLabel('Username').fill(values.user);
  await page.getByLabel('Password').fill(values.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((target) => !target.pathname.startsWith('/login'));

  await page.goto(`${url}/hosts/${values.host}`);
  await page.getByTestId('host-actions').click();
  await page.getByRole('menu').waitFor();
  await page.screenshot({
    path: `${values.out}/host-actions.png`,
    clip: { x: 0, y: 0, width: 1200, height: 560 },
  });

  await page.goto(`${url}/hosts/new`);
  await page.getByLabel('BMC address').fill('redfish://10.10.4.21/redfish/v1/Systems/1');
  await page.getByLabel('Boot MAC address').fill('3CEC.EF12.3456');
  await page.screenshot({
    path: `${values.out}/add-host.png`,
    clip: { x: 0, y: 0, width: 1200, height: 760 },
  });

  await page.goto(url);
  await page.getByTestId('problems').waitFor();
  await page.getByTestId('warnings').getByText('Reading events…').waitFor({ state: 'detached' });
  await page.screenshot({
    path: `${values.out}/overview.png`,
    clip: { x: 0, y: 0, width: 1200, height: 760 },
  });
  console.log(`wrote host-actions.png, add-host.png and overview.png to ${values.out}/`);
} finally {
  await browser.close();
}
