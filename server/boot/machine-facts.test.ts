import { describe, expect, it } from 'vitest';
import type { PlunderCluster, PlunderMachine } from '../types/crds';
import { profileFixture } from './boot-profile-fixture';
import {
  CLUSTER_NAME_LABEL,
  CONTROL_PLANE_LABEL,
  STANDALONE_ANNOTATION,
  clusterNameOf,
  hostnameOf,
  installParamsOf,
  isStandalone,
  machineIpOf,
  ownerMachineOf,
  profileNameOf,
  roleOf,
} from './machine-facts';

function machine(
  metadata: Partial<PlunderMachine['metadata']> = {},
  spec: Partial<PlunderMachine['spec']> = {},
  status?: PlunderMachine['status'],
): PlunderMachine {
  return {
    apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
    kind: 'PlunderMachine',
    metadata: { name: 'worker.a', namespace: 'ns', uid: '1234-5678-9abc', ...metadata },
    spec: { macaddress: 'aa:bb:cc:dd:ee:ff', ...spec },
    status,
  };
}

describe('machine facts', () => {
  it('finds the owning Cluster API Machine, and only that kind of owner', () => {
    const owner = { apiVersion: 'cluster.x-k8s.io/v1beta1', kind: 'Machine', name: 'm', uid: 'u' };
    const other = { apiVersion: 'apps/v1', kind: 'Machine', name: 'x', uid: 'v' };
    expect(ownerMachineOf(machine({ ownerReferences: [other, owner] }))).toEqual(owner);
    expect(ownerMachineOf(machine({ ownerReferences: [other] }))).toBeUndefined();
  });

  it('reads the standalone annotation, the cluster label and the role', () => {
    expect(isStandalone(machine({ annotations: { [STANDALONE_ANNOTATION]: '' } }))).toBe(true);
    expect(isStandalone(machine())).toBe(false);
    expect(clusterNameOf(machine({ labels: { [CLUSTER_NAME_LABEL]: 'c1' } }))).toBe('c1');
    expect(clusterNameOf(machine({ labels: { [CLUSTER_NAME_LABEL]: '' } }))).toBeUndefined();
    expect(roleOf(machine({ labels: { [CONTROL_PLANE_LABEL]: '' } }))).toBe('control-plane');
    expect(roleOf(machine())).toBe('worker');
  });

  it('names the host by its spec, or by its name and the uid’s first characters', () => {
    expect(hostnameOf(machine({}, { hostname: 'given' }))).toBe('given');
    expect(hostnameOf(machine())).toBe('worker-a-12345');
    expect(hostnameOf(machine({ uid: undefined }))).toBe('worker-a');
  });

  it('takes the profile from deploymentType (preseed when unset) and the address from spec, then status', () => {
    expect(profileNameOf(machine({}, { deploymentType: 'demo-image' }))).toBe('demo-image');
    expect(profileNameOf(machine())).toBe('preseed');
    expect(machineIpOf(machine({}, { ipaddress: '10.0.0.5' }, { ipaddress: '10.0.0.9' }))).toBe('10.0.0.5');
    expect(machineIpOf(machine({}, {}, { ipaddress: '10.0.0.9' }))).toBe('10.0.0.9');
  });

  it('gives the install script its values, or says it waits for an address', () => {
    const profile = profileFixture('preseed', 'preseed');
    const urls = { base: 'http://b', mac: 'aa:bb:cc:dd:ee:ff', token: 't' };
    expect(installParamsOf(machine(), undefined, profile, urls)).toEqual({
      waiting: 'waiting for an address',
    });
    const cluster = { spec: { subnet: '10.0.0.0/24', gateway: '10.0.0.1' } } as PlunderCluster;
    expect(
      installParamsOf(
        machine({}, { ipaddress: '10.0.0.5', kubernetesVersion: 'v1.33.0' }),
        cluster,
        profile,
        urls,
      ),
    ).toEqual({
      ...urls,
      hostname: 'worker-a-12345',
      network: { ip: '10.0.0.5', netmask: '255.255.255.0', gateway: '10.0.0.1' },
      profile,
      kubernetesVersion: 'v1.33.0',
      role: 'worker',
    });
  });
});
