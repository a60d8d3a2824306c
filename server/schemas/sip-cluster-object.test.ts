import { describe, expect, it } from 'vitest';
import { formFieldOfObjectPath, sipClusterFromForm } from './sip-cluster-object';
import { KEY, RSA, validSipClusterForm as validForm } from './sip-cluster-form-test-fixtures';

describe('form ⇄ SIPCluster', () => {
  it('builds the upstream-shaped object', () => {
    expect(sipClusterFromForm(validForm())).toEqual({
      apiVersion: 'airship.airshipit.org/v1',
      kind: 'SIPCluster',
      metadata: { name: 'sub1', namespace: 'tenants' },
      spec: {
        nodes: {
          ControlPlane: {
            labelSelector: { matchLabels: { 'rackpilot.io/flavor': 'control-plane' } },
            topologyKey: 'rackpilot.io/rack',
            count: { active: 1, standby: 0 },
          },
          Worker: {
            labelSelector: {
              matchExpressions: [
                { key: 'rackpilot.io/flavor', operator: 'In', values: ['worker', 'storage'] },
              ],
            },
            count: { active: 1, standby: 0 },
          },
        },
        services: {
          loadBalancerControlPlane: [
            { image: 'haproxy:2.3.2', nodeInterfaceId: 'oam-ipv4', nodePort: 30001 },
          ],
          loadBalancerWorker: [
            {
              image: 'haproxy:2.3.2',
              nodeInterfaceId: 'oam-ipv4',
              nodePortRange: { start: 30002, end: 30011 },
            },
          ],
          jumpHost: [
            {
              image: 'quay.io/airshipit/jump-host:latest',
              nodeInterfaceId: 'oam-ipv4',
              nodePort: 30000,
              sshAuthorizedKeys: [KEY, RSA],
              nodeSSHPrivateKeys: 'ssh-private-keys',
              bmc: { proxy: false },
            },
          ],
        },
      },
    });
  });

  it('omits a role with no count, selector or topology key', () => {
    const form = validForm();
    form.roles.Worker = { matchLabels: [], matchExpressions: [], topologyKey: '', active: 0, standby: 0 };
    expect(Object.keys(sipClusterFromForm(form).spec.nodes ?? {})).toEqual(['ControlPlane']);
  });
});

describe('formFieldOfObjectPath', () => {
  it.each([
    ['spec.services.jumpHost[0].nodePort', 'services.jumpHost.nodePort'],
    ['spec.services.jumpHost', 'services.jumpHost.nodePort'],
    ['spec.services.loadBalancerControlPlane', 'services.controlPlane.nodePort'],
    ['spec.services.jumpHost[0].sshAuthorizedKeys[1]', 'services.jumpHost.authorizedKeys'],
    ['spec.services.jumpHost[0].nodeSSHPrivateKeys', 'services.jumpHost.privateKeySecret'],
    ['spec.services.loadBalancerWorker[0].nodePortRange', 'services.worker.end'],
    ['spec.services.loadBalancerWorker[0].nodePortRange.start', 'services.worker.start'],
    ['spec.services.loadBalancerControlPlane[0].image', 'services.controlPlane.image'],
    ['spec.services.loadBalancerControlPlane[0].nodeInterfaceId', 'services.nodeInterfaceId'],
    ['spec.nodes', 'roles'],
    ['spec.nodes.Worker.count.active', 'roles.Worker.active'],
    ['spec.nodes[ControlPlane].count.standby', 'roles.ControlPlane.standby'],
    ['spec.nodes.Worker.topologyKey', 'roles.Worker.topologyKey'],
    ['spec.nodes.Worker.labelSelector.matchExpressions[0].key', 'roles.Worker.matchExpressions'],
    ['metadata.name', 'name'],
  ])('%s → %s', (path, field) => {
    expect(formFieldOfObjectPath(path)).toBe(field);
  });

  it('is undefined for paths no field owns', () => {
    expect(formFieldOfObjectPath('spec.bogus')).toBeUndefined();
  });
});
