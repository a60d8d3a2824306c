// The provision dialog offers the boot profiles of the table: an image profile with its size and
// SHA-256, a profile that is not usable disabled with its problem, never the wipe profile. A lab
// machine is provisioned with the image profile and followed while it installs. The lab machine is
// simulated (it fetches the kernel and initrd the script names and reports done, writing no disk);
// server/boot/installer-vm.int.test.ts has a VM write a real image.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { saveBootProfile } from '../server/boot/boot-profiles';
import { createDbClient } from '../server/db/client';
import { kubeRequestJson } from '../server/kube/kube-request';
import { collectionPath } from '../server/kube/resource';
import type { BootProfileView } from '../server/schemas/boot-profile';
import { plunderMachineResource, type PlunderMachine } from '../server/types/crds';
import { SIMULATOR_IMAGE_PROFILE } from '../tools/lab/simulator-boot-profiles';
import { bytesText } from '../components/ui/format';
import { expect, test, type Page } from './fixtures';

const run = randomBytes(3).toString('hex');
/** Saved with files the server's asset store does not have: listed with its problem, not usable. */
const unusable = `e2e-gone-${run}`;

function labMac(): string {
  const lab = JSON.parse(process.env.RACKPILOT_E2E_LAB ?? '{"macs":[]}') as { macs: string[] };
  // The global setup's third lab machine is this spec's.
  const mac = lab.macs[2];
  if (!mac) throw new Error('the global setup runs lab machines (RACKPILOT_E2E_LAB)');
  return mac;
}

async function saveUnusableProfile(): Promise<void> {
  const elsewhere = await mkdtemp(join(tmpdir(), 'rackpilot-e2e-profile-'));
  const db = createDbClient(process.env.RACKPILOT_E2E_DATABASE_URL ?? '');
  try {
    await mkdir(join(elsewhere, unusable));
    await writeFile(join(elsewhere, unusable, 'vmlinuz'), 'kernel');
    await writeFile(join(elsewhere, unusable, 'initrd.img'), 'initrd');
    await saveBootProfile(db, elsewhere, {
      name: unusable,
      installer: 'kickstart',
      kernel: `${unusable}/vmlinuz`,
      initrds: [`${unusable}/initrd.img`],
    });
  } finally {
    await db.$disconnect();
    await rm(elsewhere, { recursive: true, force: true });
  }
}

function row(page: Page, mac: string) {
  return page.getByTestId('hardware-table').locator(`[data-testid="row"][data-key="${mac}"]`);
}

test('the dialog offers the image profile with its size and checksum, and a lab machine is provisioned with it', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  const mac = labMac();
  await saveUnusableProfile();
  // Each replica reads the table again every 10 s: wait until this one lists the new profile.
  let profiles: BootProfileView[] = [];
  await expect
    .poll(
      async () => {
        profiles = (await admin.query<BootProfileView[]>('bootProfiles.list')).data ?? [];
        return profiles.find((profile) => profile.name === unusable)?.problem ?? null;
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toContain('is missing from the asset store');
  const image = profiles.find((profile) => profile.name === SIMULATOR_IMAGE_PROFILE);
  const sha256 = image?.imageSha256 ?? '';
  expect(sha256).toMatch(/^[0-9a-f]{64}$/);
  const size = bytesText(image?.imageBytes ?? undefined);

  await page.goto(`/hardware?q=${mac}`);
  await expect(row(page, mac).getByTestId('hardware-state')).toHaveAttribute('data-state', 'unleased', {
    timeout: 15_000,
  });
  await row(page, mac)
    .getByRole('checkbox', { name: `Select ${mac}` })
    .check();
  await page.getByRole('button', { name: 'Provision 1' }).click();
  const dialog = page.getByTestId('provision-dialog');
  const profile = dialog.getByLabel('Boot profile');

  // The image profile shows its size and shortened checksum; the unusable one is disabled with its
  // problem; the wipe profile is not an install.
  const imageOption = profile.locator(`option[value="${SIMULATOR_IMAGE_PROFILE}"]`);
  await expect(imageOption).toContainText(`disk image · ${size} · SHA-256 ${sha256.slice(0, 12)}…`);
  await expect(imageOption).toBeEnabled();
  const unusableOption = profile.locator(`option[value="${unusable}"]`);
  await expect(unusableOption).toBeDisabled();
  await expect(unusableOption).toContainText('not usable:');
  await expect(unusableOption).toHaveAttribute('title', /is missing from the asset store/);
  await expect(profile.locator('option[value="wipe"]')).toHaveCount(0);

  // Chosen, its details: size, and the whole checksum a click away.
  await profile.selectOption(SIMULATOR_IMAGE_PROFILE);
  await expect(dialog.getByTestId('profile-image-size')).toHaveText(size);
  await expect(dialog.getByTestId('profile-image-sha256')).toBeHidden();
  await dialog.getByText(`SHA-256 ${sha256.slice(0, 12)}…`, { exact: true }).click();
  await expect(dialog.getByTestId('profile-image-sha256')).toHaveText(sha256);

  const cluster = `e2e-img-${run}`;
  await dialog.getByLabel('Plunder cluster', { exact: true }).selectOption({ label: 'New cluster…' });
  await dialog.getByLabel('Cluster name').fill(cluster);
  await dialog.getByLabel('Subnet').fill('10.125.0.0/24');
  await dialog.getByLabel('Host name (optional)').fill(cluster);
  await dialog.getByRole('button', { name: 'Provision machine' }).click();
  await expect(dialog).toBeHidden();

  // Followed live: the machine boots the image profile's script and installs.
  const progress = page.getByTestId('provision-progress').locator(`[data-mac="${mac}"]`);
  await expect(progress).toHaveAttribute('data-state', 'provisioned', { timeout: 60_000 });
  const kc = new KubeConfig();
  kc.loadFromDefault();
  const machine = await kubeRequestJson<PlunderMachine>(
    kc,
    `${collectionPath(plunderMachineResource, 'default')}/${cluster}`,
  );
  expect(machine.spec.deploymentType).toBe(SIMULATOR_IMAGE_PROFILE);

  await admin.mutate('hardware.release', { namespace: 'default', name: cluster });
  await admin.mutate('bootProfiles.delete', { name: unusable });
});
