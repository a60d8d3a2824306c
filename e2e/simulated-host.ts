import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../server/kube/kube-request';
import { test } from './fixtures';

const lab = JSON.parse(process.env.RACKPILOT_E2E_LAB ?? '{}') as { hostNamespace: string };

/**
 * A BareMetalHost for one spec file, registered before its tests and deleted after, that the lab's
 * operator registers and inspects; its Redfish BMC at `bmcAddress` is simulated (not one of the lab's
 * VMs). Answers where it lives.
 */
export function simulatedHost(prefix: string, bootMACAddress: string, bmcAddress: string) {
  const kc = new KubeConfig();
  kc.loadFromDefault();
  const namespace = lab.hostNamespace;
  const host = `${prefix}-${randomBytes(2).toString('hex')}`;
  const metal3 = `/apis/metal3.io/v1alpha1/namespaces/${namespace}`;
  test.beforeAll(async () => {
    await kubeRequestJson(kc, `${metal3}/baremetalhosts`, {
      method: 'POST',
      body: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'BareMetalHost',
        metadata: { name: host },
        spec: {
          online: true,
          bootMACAddress,
          bmc: {
            address: `redfish+https://${bmcAddress}/redfish/v1/Systems/1`,
            credentialsName: `${host}-bmc`,
          },
        },
      },
    });
  });
  test.afterAll(async () => {
    await kubeRequestJson(kc, `${metal3}/baremetalhosts/${host}`, { method: 'DELETE' }).catch(
      () => undefined,
    );
  });
  return { kc, namespace, host, metal3 };
}
