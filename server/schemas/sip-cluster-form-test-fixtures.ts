/** A valid tenant-cluster form, shared by the schema tests. */
import { defaultSipClusterForm, type SipClusterForm } from './sip-cluster-form';

export type { SipClusterForm };

export const KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHuBC6Z2cEh9kH0Dd8Q1rZ3ICkmTIEWOQmcAX6s5mq7y ops@rack';
export const RSA = 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCwpOyZjZ4gB0OTvmof example-key-2';

export function validSipClusterForm(): SipClusterForm {
  const form = defaultSipClusterForm();
  form.namespace = 'tenants';
  form.name = 'sub1';
  form.roles.ControlPlane.matchLabels = [{ key: 'rackpilot.io/flavor', value: 'control-plane' }];
  form.roles.ControlPlane.topologyKey = 'rackpilot.io/rack';
  form.roles.Worker.matchExpressions = [
    { key: 'rackpilot.io/flavor', operator: 'In', values: 'worker, storage' },
  ];
  form.services.jumpHost.privateKeySecret = 'ssh-private-keys';
  form.services.jumpHost.authorizedKeys = `${KEY}\n\n${RSA}\n`;
  return form;
}
