'use client';

import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { BMC_DRIVERS } from '@/server/schemas/bmc-address';
import {
  BOOT_MODES,
  defaultHostRegisterForm,
  hostRegisterFormSchema,
  objectsFromHostForm,
  parseLabelLines,
  withLabelLine,
  type HostRegisterForm,
} from '@/server/schemas/host-register-form';
import { positionKeys, positionOf } from '@/server/schemas/rack-position';
import { useTRPC } from '../trpc/trpc';
import { CreateFormPage } from '../ui/form-kit/create-form-page';
import { Field } from '../ui/form-kit/field';
import { Checkbox, Select, TextArea, TextInput } from '../ui/form-kit/inputs';
import { NamespaceField } from '../ui/form-kit/namespace-field';
import { Section } from '../ui/form-kit/section';
import { useSchemaForm } from '../ui/form-kit/use-schema-form';
import { RackPositionFields } from './rack-position-fields';
import { useRackSettings } from './rack-settings-context';

const yamlView = {
  // The password is write-only: the preview never shows it.
  objects: (values: HostRegisterForm) => {
    const { secret, host } = objectsFromHostForm(values, values.password ? '<write-only>' : '');
    return [secret, host];
  },
  label: 'BareMetalHost YAML',
  note: 'What the form creates, in this order: the credentials Secret first, then the host.',
};

/** "Add host" (operators only: app/hosts/new wraps it in RequireRole): registers a BareMetalHost with its BMC credentials, as OpenShift's console does. */
export function HostRegisterPage() {
  const trpc = useTRPC();
  const kit = useSchemaForm(hostRegisterFormSchema, defaultHostRegisterForm);
  const namespaces = useQuery(trpc.ironic.namespaces.queryOptions());
  const settings = useRackSettings();
  const labelsText = useWatch({ control: kit.form.control, name: 'labels' });
  const labels = parseLabelLines(labelsText).labels;
  const keys = positionKeys(labels, settings);

  return (
    <CreateFormPage
      kit={kit}
      create={trpc.hosts.register}
      dryRun={trpc.hosts.registerDryRun}
      path="/hosts"
      listLabel="Hosts"
      step="add"
      title="Add host"
      yaml={yamlView}
      submit={{ label: 'Add host', testId: 'register-host' }}
    >
      <Section title="Host">
        <div className="grid gap-3 sm:grid-cols-2">
          <NamespaceField namespaces={namespaces.data} listId="host-namespaces" />
          <Field label="Name" path="name" hint="The credentials Secret is <name>-bmc-secret">
            <TextInput path="name" />
          </Field>
        </div>
      </Section>
      <Section title="BMC">
        <Field
          label="BMC address"
          path="bmcAddress"
          hint={`e.g. redfish://10.0.0.5/redfish/v1/Systems/1 or ipmi://10.0.0.5:623; types: ${BMC_DRIVERS.join(', ')}`}
        >
          <TextInput path="bmcAddress" spellCheck={false} />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Username" path="username">
            <TextInput path="username" autoComplete="off" />
          </Field>
          <Field label="Password" path="password" hint="Stored in the Secret; never shown again">
            <TextInput path="password" type="password" autoComplete="new-password" />
          </Field>
        </div>
        <Checkbox path="disableCertificateVerification">
          Disable certificate verification (the BMC has a self-signed certificate)
        </Checkbox>
      </Section>
      <Section title="Boot">
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Boot MAC address" path="bootMACAddress" hint="Any common spelling; stored as aa:bb:…">
            <TextInput path="bootMACAddress" spellCheck={false} />
          </Field>
          <Field label="Boot mode" path="bootMode">
            <Select path="bootMode">
              {BOOT_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {mode}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Root device" path="rootDeviceName" hint="Optional hint, e.g. /dev/sda">
            <TextInput path="rootDeviceName" spellCheck={false} />
          </Field>
        </div>
        <Checkbox path="online">Power on once registered (spec.online)</Checkbox>
      </Section>
      <Section title="Labels">
        <RackPositionFields
          position={positionOf(labels, settings)}
          keys={keys}
          units={settings.units}
          onChange={(field, value) => {
            kit.form.setValue('labels', withLabelLine(labelsText, keys[field], value), {
              shouldDirty: true,
              shouldTouch: true,
            });
          }}
        />
        <Field label="Labels" path="labels" hint="key=value, one per line (e.g. rackpilot.io/rack=rack-1)">
          <TextArea path="labels" rows={3} />
        </Field>
      </Section>
    </CreateFormPage>
  );
}
