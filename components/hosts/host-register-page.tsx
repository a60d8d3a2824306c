'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { BMC_DRIVERS } from '@/server/schemas/bmc-address';
import {
  BOOT_MODES,
  defaultHostRegisterForm,
  hostRegisterFormSchema,
  objectsFromHostForm,
  type HostRegisterForm,
} from '@/server/schemas/host-register-form';
import { useTRPC } from '../trpc/trpc';
import { Breadcrumb } from '../ui/detail-page';
import { Field } from '../ui/form-kit/field';
import { FormKit } from '../ui/form-kit/form-kit-context';
import { Checkbox, Select, TextArea, TextInput } from '../ui/form-kit/inputs';
import { Section } from '../ui/form-kit/section';
import { SubmitBar } from '../ui/form-kit/submit-bar';
import { useSchemaForm } from '../ui/form-kit/use-schema-form';
import { FormWithYaml } from '../ui/form-kit/yaml-tab';

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
  const router = useRouter();
  const kit = useSchemaForm(hostRegisterFormSchema, defaultHostRegisterForm);
  const namespaces = useQuery(trpc.ironic.namespaces.queryOptions());
  const outcome = kit.outcome((created) => {
    router.push(`/hosts/${encodeURIComponent(created.namespace)}/${encodeURIComponent(created.name)}`);
  });
  const register = useMutation(trpc.bareMetalHosts.register.mutationOptions(outcome));
  const dryRun = useMutation(trpc.bareMetalHosts.registerDryRun.mutationOptions(outcome));

  return (
    <section className="space-y-4">
      <Breadcrumb href="/hosts" label="Hosts" trail={['add']} />
      <h1 className="text-2xl font-semibold">Add host</h1>
      <FormKit
        kit={kit}
        onSubmit={kit.onSubmit((input) => {
          register.mutate(input);
        })}
        className="max-w-4xl space-y-4"
      >
        <FormWithYaml kit={kit} yaml={yamlView} yamlTabLabel="YAML preview">
          <Section title="Host">
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Namespace" path="namespace" hint="An existing namespace">
                <TextInput path="namespace" list="host-namespaces" />
                <datalist id="host-namespaces">
                  {(namespaces.data ?? []).map((namespace) => (
                    <option key={namespace} value={namespace} />
                  ))}
                </datalist>
              </Field>
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
              <Field
                label="Boot MAC address"
                path="bootMACAddress"
                hint="Any common spelling; stored as aa:bb:…"
              >
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
            <Field
              label="Labels"
              path="labels"
              hint="key=value, one per line (e.g. rackpilot.io/rack=rack-1)"
            >
              <TextArea path="labels" rows={3} />
            </Field>
          </Section>
        </FormWithYaml>
        <SubmitBar
          kit={kit}
          createLabel="Add host"
          createTestId="register-host"
          pending={register.isPending ? 'create' : dryRun.isPending ? 'dry-run' : undefined}
          onDryRun={() => {
            void kit.onSubmit((input) => {
              dryRun.mutate(input);
            })();
          }}
          cancelHref="/hosts"
        />
      </FormKit>
    </section>
  );
}
