'use client';

import type { ReactNode } from 'react';
import { Field } from '../ui/form-kit/field';
import { Checkbox, NumberInput, Select, TextArea, TextInput } from '../ui/form-kit/inputs';
import { Section } from '../ui/form-kit/section';

/** The load balancers' and the jump host's ports, images, keys and network. */
export function ClusterServicesFields({
  namespace,
  namespaceValid,
  secretNames,
  secretsLoaded,
  privateKeySecret,
  secretAction,
}: {
  namespace: string;
  namespaceValid: boolean;
  secretNames: string[];
  secretsLoaded: boolean;
  privateKeySecret: string;
  /** Under the Secret picker: a way to make the Secret from here. */
  secretAction?: ReactNode;
}) {
  return (
    <Section title="Services">
      <div className="grid gap-3 sm:grid-cols-3">
        <Field
          label="Control-plane LB nodePort"
          path="services.controlPlane.nodePort"
          hint="Exposes the API server (6443)"
        >
          <NumberInput path="services.controlPlane.nodePort" />
        </Field>
        <Field label="Worker LB ports from" path="services.worker.start">
          <NumberInput path="services.worker.start" />
        </Field>
        <Field label="Worker LB ports to" path="services.worker.end" hint="Each port is exposed as itself">
          <NumberInput path="services.worker.end" />
        </Field>
        <Field label="Jump host SSH nodePort" path="services.jumpHost.nodePort">
          <NumberInput path="services.jumpHost.nodePort" />
        </Field>
        <Field
          label="Node interface (networkData id)"
          path="services.nodeInterfaceId"
          hint="The network whose IP the services use"
        >
          <TextInput path="services.nodeInterfaceId" />
        </Field>
        <Field
          label="Private-key Secret"
          path="services.jumpHost.privateKeySecret"
          hint={
            !namespaceValid
              ? 'Choose a namespace first'
              : secretsLoaded && secretNames.length === 0
                ? `No Secrets in ${namespace}: create one holding the SSH private keys below`
                : 'Each key of the Secret becomes one key file on the jump host'
          }
        >
          <Select path="services.jumpHost.privateKeySecret" disabled={!namespaceValid} className="font-mono">
            <option value="">Choose a Secret…</option>
            {privateKeySecret && !secretNames.includes(privateKeySecret) && (
              <option value={privateKeySecret}>{privateKeySecret} (not found)</option>
            )}
            {secretNames.map((secret) => (
              <option key={secret} value={secret}>
                {secret}
              </option>
            ))}
          </Select>
          {secretAction}
        </Field>
        <Field
          label="Authorized SSH keys (one per line)"
          path="services.jumpHost.authorizedKeys"
          hint="OpenSSH public keys: ssh-ed25519 AAAA… comment"
          className="sm:col-span-3"
        >
          <TextArea path="services.jumpHost.authorizedKeys" rows={3} />
        </Field>
        <Field label="Load balancer image" path="services.controlPlane.image">
          <TextInput path="services.controlPlane.image" />
        </Field>
        <Field label="Worker LB image" path="services.worker.image">
          <TextInput path="services.worker.image" />
        </Field>
        <Field label="Jump host image" path="services.jumpHost.image">
          <TextInput path="services.jumpHost.image" />
        </Field>
        <Checkbox path="services.jumpHost.bmcProxy" className="sm:col-span-3">
          Reach BMCs through the proxy (bmc.proxy)
        </Checkbox>
        <Checkbox path="services.jumpHost.omitBmcCredentials" className="sm:col-span-3">
          Keep BMC passwords off the jump host (its <code>host reboot</code> helper then cannot power-cycle)
        </Checkbox>
      </div>
    </Section>
  );
}
