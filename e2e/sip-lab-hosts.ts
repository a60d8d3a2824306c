import type { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../server/kube/kube-request';

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
