'use client';

import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useWatch } from 'react-hook-form';
import {
  defaultIronicForm,
  IRONIC_NAME_MAX,
  ironicFormSchema,
  objectsFromIronicForm,
  type IronicForm,
} from '@/server/schemas/ironic-form';
import { DNS1123_LABEL } from '@/server/schemas/kube-names';
import { useTRPC } from '../trpc/trpc';
import type { EditTarget } from '../ui/form-kit/edit-form-page';
import { KindFormPage } from '../ui/form-kit/kind-form-page';
import { FixedField, FixedIdentityFields } from '../ui/form-kit/fixed-field';
import { Field } from '../ui/form-kit/field';
import { RadioGroup, Select, TextArea, TextInput } from '../ui/form-kit/inputs';
import { NamespaceField } from '../ui/form-kit/namespace-field';
import { Section } from '../ui/form-kit/section';
import { useSchemaForm } from '../ui/form-kit/use-schema-form';
import { IronicNetworkingFields, LIVE_NETWORKING_FIELDS } from './ironic-networking-fields';

/** The objects the form creates, in creation order; the certificate is generated on create. */
function previewObjects(values: IronicForm): unknown[] {
  const objects = objectsFromIronicForm(values);
  const documents: unknown[] = [];
  if (objects.generatedTls) {
    documents.push({
      apiVersion: 'v1',
      kind: 'Secret',
      type: 'kubernetes.io/tls',
      metadata: { name: objects.generatedTls.secretName, namespace: values.namespace },
      stringData: {
        'tls.crt': `<self-signed for ${objects.generatedTls.dnsName}, generated on create>`,
        'tls.key': '<generated>',
      },
    });
  }
  if (objects.database) documents.push(objects.database);
  documents.push(objects.ironic);
  return documents;
}

const yamlView = {
  objects: previewObjects,
  label: 'Ironic YAML',
  note: 'What the form creates, in this order. The certificate is generated on the server when you create.',
};

const TLS_OPTIONS = [
  { value: 'generate', label: 'Generate a self-signed certificate' },
  { value: 'existing', label: 'Use an existing TLS Secret' },
  { value: 'none', label: 'No TLS (plain HTTP)' },
];

/** The Ironic form: a new Ironic, or with `edit` the live one it opened on. */
export function IronicFormPage({ edit }: { edit?: EditTarget<IronicForm> } = {}) {
  const trpc = useTRPC();
  const kit = useSchemaForm(ironicFormSchema, edit ? () => edit.values : defaultIronicForm, {
    liveFields: LIVE_NETWORKING_FIELDS,
  });
  const { setValue, getValues } = kit.form;
  const values = useWatch({ control: kit.form.control }) as IronicForm;
  /** The name the database name was derived from: it follows the name until edited by hand. */
  const derivedFrom = useRef('');

  const namespaces = useQuery(trpc.ironic.namespaces.queryOptions());
  const namespaceValid = DNS1123_LABEL.test(values.namespace);
  const chosenSecret = values.tls.mode === 'existing' ? values.tls.secretName || undefined : undefined;
  // Kept while the next answer loads, so the pickers keep their options when the chosen Secret changes.
  const options = useQuery({
    ...trpc.ironic.namespaceOptions.queryOptions(
      namespaceValid ? { namespace: values.namespace, secret: chosenSecret } : skipToken,
    ),
    placeholderData: keepPreviousData,
  });

  const secretNames = options.data?.secrets.names ?? [];
  const chosen = options.data?.secrets.chosen;
  const databases = options.data?.databases ?? [];
  const derivedDatabase = (name: string) => (name === '' ? '' : `${name}-db`);

  const fields = (
    <>
      <Section title="Ironic">
        <div className="grid gap-3 sm:grid-cols-2">
          {edit ? (
            <FixedIdentityFields target={edit} />
          ) : (
            <>
              <NamespaceField namespaces={namespaces.data} listId="ironic-namespaces" />
              <Field
                label="Name"
                path="name"
                hint={`At most ${IRONIC_NAME_MAX} characters; the Service takes this name`}
              >
                <TextInput
                  path="name"
                  onValueChange={() => {
                    const { name, database } = getValues();
                    if (database.mode === 'new' && database.name === derivedDatabase(derivedFrom.current)) {
                      setValue('database.name', derivedDatabase(name));
                    }
                    derivedFrom.current = name;
                  }}
                />
              </Field>
            </>
          )}
        </div>
      </Section>

      <Section title="TLS">
        <RadioGroup
          path="tls.mode"
          name="tls-mode"
          // A certificate is generated only at create.
          options={edit ? TLS_OPTIONS.filter((option) => option.value !== 'generate') : TLS_OPTIONS}
        />
        {values.tls.mode === 'generate' && (
          <Field
            label="DNS name"
            path="tls.dnsName"
            hint={`The certificate is stored in Secret ${values.name || '<name>'}-tls`}
          >
            <TextInput path="tls.dnsName" keepSpaces placeholder="e.g. ironic.example.com" />
          </Field>
        )}
        {values.tls.mode === 'existing' && (
          <Field
            label="TLS Secret"
            path="tls.secretName"
            hint={
              !namespaceValid
                ? 'Pick a namespace first'
                : chosen && chosen.name === chosenSecret && chosen.type !== 'kubernetes.io/tls'
                  ? `${chosen.name} is of type ${chosen.type}, not kubernetes.io/tls`
                  : `A Secret of type kubernetes.io/tls in ${values.namespace}`
            }
          >
            <Select path="tls.secretName">
              <option value="">{secretNames.length === 0 ? 'No Secrets here' : 'Choose…'}</option>
              {secretNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </Section>

      {edit ? (
        <Section title="Database">
          <FixedField
            label="IronicDatabase"
            path="database.name"
            value={edit.values.database.mode === 'none' ? 'None (SQLite)' : edit.values.database.name}
            reason={edit.fixed['database.name'] ?? ''}
          />
        </Section>
      ) : (
        <Section title="Database">
          <RadioGroup
            path="database.mode"
            name="database-mode"
            options={[
              { value: 'new', label: 'New IronicDatabase' },
              { value: 'existing', label: 'Existing IronicDatabase' },
              { value: 'none', label: 'None (SQLite)' },
            ]}
            onValueChange={() => {
              const { name, database } = getValues();
              derivedFrom.current = name;
              setValue('database.name', database.mode === 'new' ? derivedDatabase(name) : '');
            }}
          />
          {values.database.mode === 'new' && (
            <Field
              label="IronicDatabase name"
              path="database.name"
              hint="A MariaDB Deployment and Service <name>-database with generated credentials"
            >
              <TextInput path="database.name" />
            </Field>
          )}
          {values.database.mode === 'existing' && (
            <Field label="IronicDatabase" path="database.name">
              <Select path="database.name">
                <option value="">{databases.length === 0 ? 'No IronicDatabases here' : 'Choose…'}</option>
                {databases.map((database) => (
                  <option key={database.name} value={database.name}>
                    {database.name} ({database.ready.status === 'True' ? 'ready' : 'not ready'}
                    {database.usedBy.length > 0 ? `, used by ${database.usedBy.join(', ')}` : ''})
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {values.database.mode === 'none' ? (
            <p className="text-sm text-amber-200" data-testid="sqlite-warning">
              Without a database Ironic keeps its state in SQLite inside the pod: it is lost whenever the pod
              restarts.
            </p>
          ) : (
            <p className="text-xs text-slate-400">The database cannot be switched to another one later.</p>
          )}
        </Section>
      )}

      <IronicNetworkingFields networking={values.networking} />

      <Section title="Ramdisk">
        <Field
          label="SSH public key"
          path="ramdiskSSHKey"
          hint="Optional: one OpenSSH public key, for logging in to hosts during provisioning"
        >
          <TextArea path="ramdiskSSHKey" rows={3} />
        </Field>
      </Section>
    </>
  );

  return (
    <KindFormPage
      kit={kit}
      procedures={trpc.ironic}
      edit={edit}
      path="/ironic"
      listLabel="Ironic"
      kind="Ironic"
      create={{
        title: 'New Ironic',
        noPermission: 'Creating an Ironic needs the operator role.',
        submit: { label: 'Create Ironic', testId: 'create-ironic' },
      }}
      yaml={yamlView}
    >
      {fields}
    </KindFormPage>
  );
}
