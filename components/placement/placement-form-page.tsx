'use client';

import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useWatch } from 'react-hook-form';
import type { PlacementSecretOption } from '@/server/api/placement/placement-router';
import { DNS1123_LABEL } from '@/server/schemas/kube-names';
import {
  defaultPlacementForm,
  PLACEMENT_NAME_MAX,
  placementFormSchema,
  placementFromForm,
  type PlacementForm,
} from '@/server/schemas/placement-form';
import { canAct, useViewer } from '../access/use-viewer';
import { useTRPC } from '../trpc/trpc';
import { Breadcrumb } from '../ui/detail-page';
import { Field } from '../ui/form-kit/field';
import { FormKit } from '../ui/form-kit/form-kit-context';
import { NumberInput, Select, TextArea, TextInput } from '../ui/form-kit/inputs';
import { Section } from '../ui/form-kit/section';
import { SubmitBar } from '../ui/form-kit/submit-bar';
import { useSchemaForm } from '../ui/form-kit/use-schema-form';
import { FormWithYaml } from '../ui/form-kit/yaml-tab';
import { ErrorBox } from '../ui/panel';

const yamlView = {
  objects: (values: PlacementForm) => [placementFromForm(values)],
  label: 'PlacementAPI YAML',
  note: 'The PlacementAPI the form creates; the CRD fills in the defaults (image, timeout, service user).',
};

function SecretSelect({
  path,
  secrets,
  empty,
}: {
  path: string;
  secrets: PlacementSecretOption[];
  empty: string;
}) {
  return (
    <Select path={path}>
      <option value="">{secrets.length === 0 ? 'No Secrets here' : empty}</option>
      {secrets.map((secret) => (
        <option key={secret.name} value={secret.name}>
          {secret.name}
        </option>
      ))}
    </Select>
  );
}

function EndpointFields({
  endpoint,
  tlsSecrets,
}: {
  endpoint: 'internal' | 'public';
  tlsSecrets: PlacementSecretOption[];
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label="Service type" path={`${endpoint}.type`}>
        <Select path={`${endpoint}.type`}>
          <option value="ClusterIP">ClusterIP</option>
          <option value="LoadBalancer">LoadBalancer (MetalLB)</option>
        </Select>
      </Field>
      <Field
        label="Endpoint URL"
        path={`${endpoint}.endpointURL`}
        hint="Optional: an explicit URL, e.g. a route"
      >
        <TextInput
          path={`${endpoint}.endpointURL`}
          placeholder={`http://placement-${endpoint}.example.com`}
        />
      </Field>
      <Field label="Service annotations" path={`${endpoint}.annotations`} hint="key=value per line">
        <TextArea
          path={`${endpoint}.annotations`}
          rows={3}
          placeholder="metallb.universe.tf/address-pool=internalapi"
        />
      </Field>
      <Field
        label="TLS certificate Secret"
        path={`${endpoint}.tlsSecret`}
        hint="Optional: tls.crt and tls.key"
      >
        <SecretSelect path={`${endpoint}.tlsSecret`} secrets={tlsSecrets} empty="None (plain HTTP)" />
      </Field>
    </div>
  );
}

export function PlacementFormPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const viewer = useViewer();
  const kit = useSchemaForm(placementFormSchema, defaultPlacementForm);
  const values = useWatch({ control: kit.form.control }) as PlacementForm;
  const namespaces = useQuery(trpc.placement.namespaces.queryOptions());
  const namespaceValid = DNS1123_LABEL.test(values.namespace);
  const selector = values.passwordSelector || 'PlacementPassword';
  const options = useQuery(
    trpc.placement.secretOptions.queryOptions(
      namespaceValid ? { namespace: values.namespace, selector } : skipToken,
    ),
  );
  const outcome = kit.outcome((created) => {
    router.push(`/placement/${encodeURIComponent(created.namespace)}/${encodeURIComponent(created.name)}`);
  });
  const create = useMutation(trpc.placement.create.mutationOptions(outcome));
  const dryRun = useMutation(trpc.placement.dryRun.mutationOptions(outcome));
  const operator = canAct(viewer, 'operator');
  const secrets = options.data ?? [];
  const tlsSecrets = secrets.filter((secret) => secret.type === 'kubernetes.io/tls');
  const chosen = secrets.find((secret) => secret.name === values.secret);

  return (
    <section className="space-y-4">
      <Breadcrumb href="/placement" label="Placement" trail={['new']} />
      <h1 className="text-2xl font-semibold">New PlacementAPI</h1>
      {!operator && viewer.role !== undefined && (
        <ErrorBox testId="no-permission">Creating a PlacementAPI needs the operator role.</ErrorBox>
      )}
      <FormKit
        kit={kit}
        onSubmit={kit.onSubmit((input) => create.mutate(input))}
        className="max-w-4xl space-y-4"
      >
        <FormWithYaml kit={kit} yaml={yamlView} yamlTabLabel="YAML preview">
          <Section title="PlacementAPI">
            <div className="grid gap-3 sm:grid-cols-3">
              <Field label="Namespace" path="namespace" hint="An existing namespace">
                <TextInput path="namespace" list="placement-namespaces" />
                <datalist id="placement-namespaces">
                  {(namespaces.data ?? []).map((namespace) => (
                    <option key={namespace} value={namespace} />
                  ))}
                </datalist>
              </Field>
              <Field label="Name" path="name" hint={`At most ${PLACEMENT_NAME_MAX} characters`}>
                <TextInput path="name" />
              </Field>
              <Field label="Replicas" path="replicas" hint="0 to 32">
                <NumberInput path="replicas" min={0} max={32} />
              </Field>
            </div>
          </Section>
          <Section title="Database and credentials">
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Database instance" path="databaseInstance" hint="The MariaDB/Galera CR">
                <TextInput path="databaseInstance" />
              </Field>
              <Field
                label="Database account"
                path="databaseAccount"
                hint="The MariaDBAccount to use or create"
              >
                <TextInput path="databaseAccount" />
              </Field>
              <Field
                label="Password Secret"
                path="secret"
                hint={
                  !namespaceValid
                    ? 'Pick a namespace first'
                    : chosen
                      ? chosen.hasSelectorKey
                        ? `has the key ${selector}`
                        : `has no key ${selector}: the controller will wait for it`
                      : 'Secret names only; values never reach the browser'
                }
              >
                <SecretSelect path="secret" secrets={secrets} empty="Choose…" />
              </Field>
              <Field
                label="Password key"
                path="passwordSelector"
                hint="Key of the service password in that Secret"
              >
                <TextInput path="passwordSelector" />
              </Field>
            </div>
          </Section>
          <Section title="Internal endpoint">
            <EndpointFields endpoint="internal" tlsSecrets={tlsSecrets} />
          </Section>
          <Section title="Public endpoint">
            <EndpointFields endpoint="public" tlsSecrets={tlsSecrets} />
          </Section>
          <Section title="Network and configuration">
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="CA bundle Secret" path="caBundleSecret" hint="Optional: tls-ca-bundle.pem">
                <SecretSelect path="caBundleSecret" secrets={secrets} empty="None" />
              </Field>
              <Field
                label="Network attachments"
                path="networkAttachments"
                hint="NetworkAttachmentDefinition names, one per line"
              >
                <TextArea path="networkAttachments" rows={2} />
              </Field>
            </div>
            <Field
              label="customServiceConfig"
              path="customServiceConfig"
              hint="oslo.config text, written as custom.conf"
            >
              <TextArea path="customServiceConfig" rows={5} placeholder={'[DEFAULT]\ndebug = true'} />
            </Field>
          </Section>
        </FormWithYaml>
        <SubmitBar
          kit={kit}
          createLabel="Create PlacementAPI"
          createTestId="create-placement"
          canCreate={operator}
          pending={create.isPending ? 'create' : dryRun.isPending ? 'dry-run' : undefined}
          onDryRun={() => {
            void kit.onSubmit((input) => {
              dryRun.mutate(input);
            })();
          }}
          cancelHref="/placement"
        />
      </FormKit>
    </section>
  );
}
