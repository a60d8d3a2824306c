import type { KubeConfig } from '@kubernetes/client-node';
import type { Page } from '@playwright/test';
import { kubeRequestJson } from '../server/kube/kube-request';

const AUTHORIZED_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHuBC6Z2cEh9kH0Dd8Q1rZ3ICkmTIEWOQmcAX6s5mq7y e2e@rackpilot';

/**
 * Fills the new SIPCluster form: one ControlPlane and `workers` workers picked by flavor, one per rack,
 * the jump host's keys from the namespace's `jump-keys` Secret, and four node ports from `port` up.
 */
export async function fillSipClusterForm(
  page: Page,
  form: {
    namespace: string;
    name: string;
    cpFlavor: string;
    workerFlavor: string;
    workers: number;
    port: number;
  },
): Promise<void> {
  await page.locator('[name="namespace"]').fill(form.namespace);
  await page.locator('[name="name"]').fill(form.name);
  for (const [role, flavor, count] of [
    ['ControlPlane', form.cpFlavor, 1],
    ['Worker', form.workerFlavor, form.workers],
  ] as const) {
    await page.getByTestId(`add-label-${role}`).click();
    await page.locator(`[name="roles.${role}.matchLabels.0.key"]`).fill('rackpilot.io/flavor');
    await page.locator(`[name="roles.${role}.matchLabels.0.value"]`).fill(flavor);
    await page.locator(`[name="roles.${role}.topologyKey"]`).fill('rackpilot.io/rack');
    await page.locator(`[name="roles.${role}.active"]`).fill(String(count));
  }
  await page.locator('[name="services.jumpHost.privateKeySecret"]').selectOption('jump-keys');
  await page.locator('[name="services.jumpHost.authorizedKeys"]').fill(AUTHORIZED_KEY);
  await page.locator('[name="services.jumpHost.nodePort"]').fill(String(form.port));
  await page.locator('[name="services.controlPlane.nodePort"]').fill(String(form.port + 1));
  await page.locator('[name="services.worker.start"]').fill(String(form.port + 2));
  await page.locator('[name="services.worker.end"]').fill(String(form.port + 4));
}

/**
 * Hosts a SIPCluster can take, in one test namespace: a BareMetalHost with its BMC and network-data
 * Secrets, reported available (no BMO runs here). `id` keeps MACs and racks unique to the run.
 */
export function sipLabHosts(kc: KubeConfig, namespace: string, id: string) {
  const hostsPath = `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`;

  async function createSecret(name: string, stringData: Record<string, string>) {
    await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}/secrets`, {
      method: 'POST',
      body: { apiVersion: 'v1', kind: 'Secret', metadata: { name }, type: 'Opaque', stringData },
    });
  }

  async function createHost(name: string, flavor: string, index: number) {
    await createSecret(`${name}-bmc`, { username: 'admin', password: 'secret' });
    await createSecret(`${name}-network-data`, {
      networkData: JSON.stringify({
        links: [{ id: 'eno1', type: 'phy', ethernet_mac_address: `52:54:00:${id.slice(0, 2)}:00:0${index}` }],
        networks: [
          {
            id: 'oam-ipv4',
            type: 'ipv4',
            link: 'eno1',
            ip_address: `10.68.0.${index}`,
            netmask: '255.255.255.0',
          },
        ],
      }),
    });
    await kubeRequestJson(kc, hostsPath, {
      method: 'POST',
      body: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'BareMetalHost',
        metadata: { name, labels: { 'rackpilot.io/flavor': flavor, 'rackpilot.io/rack': `${id}-r${index}` } },
        spec: {
          online: true,
          bootMACAddress: `52:54:00:${id.slice(0, 2)}:00:0${index}`,
          bmc: {
            address: `redfish+https://10.69.0.${index}/redfish/v1/Systems/1`,
            credentialsName: `${name}-bmc`,
          },
          networkData: { name: `${name}-network-data` },
        },
      },
    });
    // SIP schedules only hosts BMO reports available; no BMO runs here, so the test reports it.
    await kubeRequestJson(kc, `${hostsPath}/${name}/status`, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: { status: { operationalStatus: 'OK', provisioning: { state: 'available' } } },
    });
  }

  return { hostsPath, createSecret, createHost };
}
