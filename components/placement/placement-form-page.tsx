'use client';

import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { DNS1123_LABEL } from '@/server/schemas/kube-names';
import {
  defaultPlacementForm,
  PLACEMENT_NAME_MAX,
  placementFormSchema,
  placementFromForm,
  type PlacementForm,
} from '@/server/schemas/placement-form';
import { useTRPC } from '../trpc/trpc';
import type { EditTarget } from '../ui/form-kit/edit-form-page';
import { KindFormPage } from '../ui/form-kit/kind-form-page';
import { FixedField, FixedIdentityFields } from '../ui/form-kit/fixed-field';
import { Field } from '../ui/form-kit/field';
import { NumberInput, Select, TextArea, TextInput } from '../ui/form-kit/inputs';
import { NamespaceField } from '../ui/form-kit/namespace-field';
import { Section } from '../ui/form-kit/section';
import { useSchemaForm } from '../ui/form-kit/use-schema-form';

const yamlView = {
  objects: (values: PlacementForm) => [placementFromForm(values)],
  label: 'PlacementAPI YAML',
  note: 'The PlacementAPI the form creates; the CRD fills in the defaults (image, timeout, service user).',
};

function SecretSelect({ path, secrets, empty }: { path: string; secrets: string[]; empty: string }) {
  return (
    <Select path={path}>
      <option value="">{secrets.length === 0 ? 'No Secrets here' : empty}</option>
      {secrets.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </Select>
  );
}

function EndpointFields({ endpoint, secrets }: { endpoint: 'internal' | 'public'; secrets: string[] }) {
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
          placeholder={`e.g. http://placement-${endpoint}.example.com`}
        />
      </Field>
      <Field label="Service annotations" path={`${endpoint}.annotations`} hint="key=value per line">
        <TextArea
          path={`${endpoint}.annotations`}
          rows={3}
          placeholder="e.g. metallb.universe.tf/address-pool=internalapi"
        />
      </Field>
      <Field
        label="TLS certificate Secret"
        path={`${endpoint}.tlsSecret`}
        hint="Optional: a kubernetes.io/tls Secret (tls.crt and tls.key)"
      >
        <SecretSelect path={`${endpoint}.tlsSecret`} secrets={secrets} empty="None (plain HTTP)" />
      </Field>
    </div>
  );
}

/** The Secrets a live PlacementAPI names: offered even when missing (the controller waits for them). */
function referencedSecrets(values: PlacementForm): string[] {
  return [values.secret, values.caBundleSecret, values.internal.tlsSecret, values.public.tlsSecret];
}

/** The PlacementAPI form: a new PlacementAPI, or with `edit` the live one it opened on. */
export function PlacementFormPage({ edit }: { edit?: EditTarget<PlacementForm> } = {}) {
  const trpc = useTRPC();
  const kit = useSchemaForm(placementFormSchema, edit ? () => edit.values : defaultPlacementForm);
  const values = useWatch({ control: kit.form.control }) as PlacementForm;
  const namespaces = useQuery(trpc.placement.namespaces.queryOptions());
  const namespaceValid = DNS1123_LABEL.test(values.namespace);
  const selector = values.passwordSelector || 'PlacementPassword';
  // Kept while the next answer loads, so the pickers keep their options when the chosen Secret changes.
  const options = useQuery({
    ...trpc.placement.secretOptions.queryOptions(
      namespaceValid
        ? { namespace: values.namespace, selector, secret: values.secret || undefined }
        : skipToken,
    ),
    placeholderData: keepPreviousData,
  });
  const listed = options.data?.names ?? [];
  const secrets = edit
    ? [...new Set([...listed, ...referencedSecrets(edit.values).filter((name) => name !== '')])].sort()
    : listed;
  const chosen = options.data?.chosen?.name === values.secret ? options.data.chosen : undefined;

  const fields = (
    <>
      <Section title="PlacementAPI">
        <div className="grid gap-3 sm:grid-cols-3">
          {edit ? (
            <FixedIdentityFields target={edit} />
          ) : (
            <>
              <NamespaceField namespaces={namespaces.data} listId="placement-namespaces" />
              <Field label="Name" path="name" hint={`At most ${PLACEMENT_NAME_MAX} characters`}>
                <TextInput path="name" />
              </Field>
            </>
          )}
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
          {edit ? (
            <FixedField
              label="Database account"
              path="databaseAccount"
              value={edit.values.databaseAccount || 'placement'}
              reason={edit.fixed.databaseAccount ?? ''}
            />
          ) : (
            <Field label="Database account" path="databaseAccount" hint="The MariaDBAccount to use or create">
              <TextInput path="databaseAccount" />
            </Field>
          )}
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
        <EndpointFields endpoint="internal" secrets={secrets} />
      </Section>
      <Section title="Public endpoint">
        <EndpointFields endpoint="public" secrets={secrets} />
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
    </>
  );

  return (
    <KindFormPage
      kit={kit}
      procedures={trpc.placement}
      edit={edit}
      path="/placement"
      listLabel="Placement"
      kind="PlacementAPI"
      create={{
        title: 'New PlacementAPI',
        noPermission: 'Creating a PlacementAPI needs the operator role.',
        submit: { label: 'Create PlacementAPI', testId: 'create-placement' },
      }}
      yaml={yamlView}
    >
      {fields}
    </KindFormPage>
  );
}
