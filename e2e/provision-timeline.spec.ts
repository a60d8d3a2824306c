// The provisioning timeline, live in the browser. This tests the callback protocol and the console's
// view of it, not a real install: the test itself boots a made-up MAC and POSTs the installer's progress
// and failure callbacks with the token its install script carries (the QEMU tests boot real installers).
import { randomBytes } from 'node:crypto';
import { bootRequest, throwAwayMac } from '../tools/probe/boot-request';
import { expect, test, type Page } from './fixtures';

/** The made-up machine's own address (tokens are bound to it). */
const MACHINE_IP = `127.0.142.${1 + Math.floor(Math.random() * 250)}`;

function row(page: Page, mac: string) {
  return page.getByTestId('hardware-table').locator(`[data-testid="row"][data-key="${mac}"]`);
}

async function report(url: string, body = ''): Promise<void> {
  const reply = await bootRequest(url, { method: 'POST', body, localAddress: MACHINE_IP });
  expect(reply.status, reply.body).toBe(204);
}

test('the timeline shows each step live and a failure with its step; the list shows the current step', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  const mac = throwAwayMac();
  const run = randomBytes(3).toString('hex');
  await bootRequest(`${admin.url}/boot/ipxe?mac=${mac}`, { localAddress: MACHINE_IP });
  const provisioned = await admin.mutate('hardware.provision', {
    macs: [mac],
    namespace: 'default',
    cluster: {
      mode: 'new',
      cluster: {
        name: `timeline-${run}`,
        subnet: '10.124.0.0/24',
        poolStart: '10.124.0.10',
        poolEnd: '10.124.0.200',
      },
    },
    role: 'worker',
    hostname: `timeline-${run}`,
  });
  expect(provisioned.error?.message).toBeUndefined();

  // The machine boots into its install script once claimed; its callbacks carry the one-time token.
  let script = '';
  await expect
    .poll(
      async () => {
        const reply = await bootRequest(`${admin.url}/boot/ipxe?mac=${mac}`, { localAddress: MACHINE_IP });
        script = reply.body;
        return reply.kind;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe('install');
  const failed = /rackpilot\.failed=(\S+)/.exec(script)?.[1] ?? '';
  const progress = failed.replace('/boot/failed?', '/boot/progress?');

  // The list shows the current step.
  await page.goto(`/hardware?q=${mac}`);
  await report(`${progress}&step=download`, 'bytes=16000000 total=64000000');
  await expect(row(page, mac).getByTestId('hardware-step')).toContainText(
    'Downloading image · 16.0 MB of 64.0 MB (25%)',
    {
      timeout: 15_000,
    },
  );

  // The MAC's page: the steps so far, then more appear without a reload.
  await row(page, mac).getByRole('link', { name: mac }).click();
  await expect(page.getByTestId('hardware-title')).toHaveText(mac);
  const timeline = page.getByTestId('provision-timeline');
  const step = (name: string) => timeline.locator(`[data-testid="timeline-step"][data-step="${name}"]`);
  await expect(step('script-served')).toBeVisible();
  await expect(step('download')).toContainText('16.0 MB of 64.0 MB');
  await report(`${progress}&step=download`, 'bytes=48000000 total=64000000');
  await expect(step('download')).toContainText('48.0 MB of 64.0 MB (75%)');
  await expect(step('download').getByTestId('download-rate')).toContainText('/s');
  await report(`${progress}&step=written`, 'bytes=64000000');
  await expect(step('written')).toContainText('64.0 MB');

  // A failure names its step and reason, on the timeline and on the machine's state.
  await report(`${failed}&step=verified`, 'sha256 mismatch: got 0f3c');
  await expect(step('failed')).toContainText('Failed at Verified');
  await expect(step('failed').getByTestId('timeline-reason')).toHaveText(
    'verified: sha256 mismatch: got 0f3c',
  );
  await expect(page.getByTestId('detail-failure')).toContainText('verified: sha256 mismatch: got 0f3c');

  await admin.mutate('hardware.release', { namespace: 'default', name: `timeline-${run}` });
});
