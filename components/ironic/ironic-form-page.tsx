'use client';

import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { stringify } from 'yaml';
import {
  defaultIronicForm,
  IRONIC_NAME_MAX,
  objectsFromIronicForm,
  suggestedDhcpRange,
  validateIronicForm,
  type IronicForm,
} from '@/server/schemas/ironic-form';
import { DNS1123_LABEL } from '@/server/schemas/kube-names';
import { canAct, useViewer } from '../access/use-viewer';
import { useTRPC } from '../trpc/trpc';
import { Field, inputClass } from '../ui/form-field';
import { Breadcrumb } from '../ui/detail-page';
import { YamlBlock } from '../ui/detail-tables';
import { ErrorBox, Panel } from '../ui/panel';
import { Tabs } from '../ui/tabs';
import { formFields, useCreateForm } from '../ui/use-create-form';

type Tab = 'form' | 'yaml';

/** Fields checked on every keystroke: the DHCP helper validates as you type. */
const LIVE_FIELDS = new Set([
  'networking.ipAddress',
  'networking.networkCIDR',
  'networking.rangeBegin',
  'networking.rangeEnd',
]);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-800 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-200">{title}</legend>
      {children}
    </fieldset>
  );
}

function Choice<T extends string>({
  name,
  value,
  options,
  onChange,
}: {
  name: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="flex flex-wrap gap-4 text-sm" role="radiogroup" aria-label={name}>
      {options.map((option) => (
        <label key={option.value} className="flex items-center gap-1.5">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            data-testid={`${name}-${option.value}`}
            onChange={() => {
              onChange(option.value);
            }}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}

function previewYaml(values: IronicForm): string {
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
  return documents.map((document) => stringify(document, { lineWidth: 0 })).join('---\n');
}

export function IronicFormPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const viewer = useViewer();
  const form = useCreateForm<IronicForm>(defaultIronicForm, validateIronicForm);
  const { values, edit, touch, formMessage } = form;
  const [tab, setTab] = useState<Tab>('form');

  const namespaces = useQuery(trpc.ironic.namespaces.queryOptions());
  const namespaceValid = DNS1123_LABEL.test(values.namespace);
  const options = useQuery(
    trpc.ironic.namespaceOptions.queryOptions(namespaceValid ? { namespace: values.namespace } : skipToken),
  );

  const create = useMutation(
    trpc.ironic.create.mutationOptions({
      onSuccess: (result) => {
        if (result.status === 'created') {
          router.push(`/ironic/${encodeURIComponent(result.namespace)}/${encodeURIComponent(result.name)}`);
          return;
        }
        form.rejected(result);
        if (Object.keys(result.fieldErrors).length > 0) setTab('form');
      },
      onError: form.failed,
    }),
  );

  const { errorFor, text } = formFields(form, { liveFields: LIVE_FIELDS });

  const submit = () => {
    if (!form.trySubmit()) {
      setTab('form');
      return;
    }
    create.mutate(values);
  };

  const operator = canAct(viewer, 'operator');
  const tlsSecrets = options.data?.tlsSecrets ?? [];
  const databases = options.data?.databases ?? [];
  const suggestion = suggestedDhcpRange(values.networking.networkCIDR);
  const { networking } = values;

  return (
    <section className="space-y-4">
      <Breadcrumb href="/ironic" label="Ironic" trail={['new']} />
      <h1 className="text-2xl font-semibold">New Ironic</h1>
      {!operator && viewer.role !== undefined && (
        <ErrorBox testId="no-permission">Creating an Ironic needs the operator role.</ErrorBox>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="max-w-4xl space-y-4"
      >
        <Tabs
          tabs={[
            { id: 'form', label: 'Form' },
            { id: 'yaml', label: 'YAML preview' },
          ]}
          active={tab}
          onSelect={setTab}
        />
        {tab === 'yaml' ? (
          <div className="space-y-2">
            <YamlBlock yaml={previewYaml(values)} />
            <p className="text-xs text-slate-500">
              What the form creates, in this order. The certificate is generated on the server when you
              create.
            </p>
          </div>
        ) : (
          <div className="space-y-6">
            <Section title="Ironic">
              <div className="grid gap-3 sm:grid-cols-2">
                <Field
                  label="Namespace"
                  path="namespace"
                  error={errorFor('namespace')}
                  hint="An existing namespace"
                >
                  {text(
                    'namespace',
                    values.namespace,
                    (value) => {
                      edit((draft) => {
                        draft.namespace = value.trim();
                      });
                    },
                    { list: 'ironic-namespaces' },
                  )}
                  <datalist id="ironic-namespaces">
                    {(namespaces.data ?? []).map((namespace) => (
                      <option key={namespace} value={namespace} />
                    ))}
                  </datalist>
                </Field>
                <Field
                  label="Name"
                  path="name"
                  error={errorFor('name')}
                  hint={`At most ${IRONIC_NAME_MAX} characters; the Service takes this name`}
                >
                  {text('name', values.name, (value) => {
                    edit((draft) => {
                      // The new database follows the name until it is edited by hand.
                      if (
                        draft.database.mode === 'new' &&
                        [`${draft.name}-db`, ''].includes(draft.database.name)
                      )
                        draft.database.name = value.trim() === '' ? '' : `${value.trim()}-db`;
                      draft.name = value.trim();
                    });
                  })}
                </Field>
              </div>
            </Section>

            <Section title="TLS">
              <Choice
                name="tls-mode"
                value={values.tls.mode}
                options={[
                  { value: 'generate', label: 'Generate a self-signed certificate' },
                  { value: 'existing', label: 'Use an existing TLS Secret' },
                  { value: 'none', label: 'No TLS (plain HTTP)' },
                ]}
                onChange={(mode) => {
                  edit((draft) => {
                    draft.tls.mode = mode;
                  });
                }}
              />
              {values.tls.mode === 'generate' && (
                <Field
                  label="DNS name"
                  path="tls.dnsName"
                  error={errorFor('tls.dnsName')}
                  hint={`The certificate is stored in Secret ${values.name || '<name>'}-tls`}
                >
                  {text(
                    'tls.dnsName',
                    values.tls.dnsName,
                    (value) => {
                      edit((draft) => {
                        draft.tls.dnsName = value;
                      });
                    },
                    { placeholder: 'ironic.example.com' },
                  )}
                </Field>
              )}
              {values.tls.mode === 'existing' && (
                <Field
                  label="TLS Secret"
                  path="tls.secretName"
                  error={errorFor('tls.secretName')}
                  hint={
                    namespaceValid
                      ? `Secrets of type kubernetes.io/tls in ${values.namespace}`
                      : 'Pick a namespace first'
                  }
                >
                  <select
                    id="tls.secretName"
                    value={values.tls.secretName}
                    onChange={(event) => {
                      edit((draft) => {
                        draft.tls.secretName = event.target.value;
                      });
                    }}
                    onBlur={() => {
                      touch('tls.secretName');
                    }}
                    className={inputClass(Boolean(errorFor('tls.secretName')))}
                  >
                    <option value="">{tlsSecrets.length === 0 ? 'No TLS Secrets here' : 'Choose…'}</option>
                    {tlsSecrets.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </select>
                </Field>
              )}
            </Section>

            <Section title="Database">
              <Choice
                name="database-mode"
                value={values.database.mode}
                options={[
                  { value: 'new', label: 'New IronicDatabase' },
                  { value: 'existing', label: 'Existing IronicDatabase' },
                  { value: 'none', label: 'None (SQLite)' },
                ]}
                onChange={(mode) => {
                  edit((draft) => {
                    draft.database.mode = mode;
                    draft.database.name = mode === 'new' && draft.name ? `${draft.name}-db` : '';
                  });
                }}
              />
              {values.database.mode === 'new' && (
                <Field
                  label="IronicDatabase name"
                  path="database.name"
                  error={errorFor('database.name')}
                  hint="A MariaDB Deployment and Service <name>-database with generated credentials"
                >
                  {text('database.name', values.database.name, (value) => {
                    edit((draft) => {
                      draft.database.name = value.trim();
                    });
                  })}
                </Field>
              )}
              {values.database.mode === 'existing' && (
                <Field label="IronicDatabase" path="database.name" error={errorFor('database.name')}>
                  <select
                    id="database.name"
                    value={values.database.name}
                    onChange={(event) => {
                      edit((draft) => {
                        draft.database.name = event.target.value;
                      });
                    }}
                    className={inputClass(Boolean(errorFor('database.name')))}
                  >
                    <option value="">{databases.length === 0 ? 'No IronicDatabases here' : 'Choose…'}</option>
                    {databases.map((database) => (
                      <option key={database.name} value={database.name}>
                        {database.name} ({database.ready.status === 'True' ? 'ready' : 'not ready'}
                        {database.usedBy.length > 0 ? `, used by ${database.usedBy.join(', ')}` : ''})
                      </option>
                    ))}
                  </select>
                </Field>
              )}
              {values.database.mode === 'none' ? (
                <p className="text-sm text-amber-200" data-testid="sqlite-warning">
                  Without a database Ironic keeps its state in SQLite inside the pod: it is lost whenever the
                  pod restarts.
                </p>
              ) : (
                <p className="text-xs text-slate-500">
                  The database cannot be switched to another one later.
                </p>
              )}
            </Section>

            <Section title="Networking">
              <div className="grid gap-3 sm:grid-cols-2">
                <Field
                  label="Provisioning IP"
                  path="networking.ipAddress"
                  error={errorFor('networking.ipAddress')}
                  hint="The address Ironic listens on (required for DHCP)"
                >
                  {text(
                    'networking.ipAddress',
                    networking.ipAddress,
                    (value) => {
                      edit((draft) => {
                        draft.networking.ipAddress = value;
                      });
                    },
                    { placeholder: '10.89.0.1' },
                  )}
                </Field>
                <Field
                  label="Interface"
                  path="networking.interface"
                  error={errorFor('networking.interface')}
                  hint="Optional, e.g. eno2"
                >
                  {text('networking.interface', networking.interface, (value) => {
                    edit((draft) => {
                      draft.networking.interface = value;
                    });
                  })}
                </Field>
              </div>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  data-testid="dhcp-enabled"
                  checked={networking.dhcp}
                  onChange={(event) => {
                    edit((draft) => {
                      draft.networking.dhcp = event.target.checked;
                    });
                  }}
                />
                Serve DHCP (dnsmasq) on the provisioning network
              </label>
              {networking.dhcp && (
                <div className="space-y-3" data-testid="dhcp-helper">
                  <div className="grid gap-3 sm:grid-cols-3">
                    <Field
                      label="Network CIDR"
                      path="networking.networkCIDR"
                      error={errorFor('networking.networkCIDR')}
                    >
                      {text(
                        'networking.networkCIDR',
                        networking.networkCIDR,
                        (value) => {
                          edit((draft) => {
                            draft.networking.networkCIDR = value;
                          });
                        },
                        { placeholder: '10.89.0.0/24' },
                      )}
                    </Field>
                    <Field
                      label="Range begin"
                      path="networking.rangeBegin"
                      error={errorFor('networking.rangeBegin')}
                    >
                      {text('networking.rangeBegin', networking.rangeBegin, (value) => {
                        edit((draft) => {
                          draft.networking.rangeBegin = value;
                        });
                      })}
                    </Field>
                    <Field
                      label="Range end"
                      path="networking.rangeEnd"
                      error={errorFor('networking.rangeEnd')}
                    >
                      {text('networking.rangeEnd', networking.rangeEnd, (value) => {
                        edit((draft) => {
                          draft.networking.rangeEnd = value;
                        });
                      })}
                    </Field>
                  </div>
                  {errorFor('networking.dhcp') && (
                    <p role="alert" className="text-xs text-red-300" data-testid="error-networking.dhcp">
                      {errorFor('networking.dhcp')}
                    </p>
                  )}
                  {suggestion && (
                    <button
                      type="button"
                      className="text-xs text-sky-300 hover:underline"
                      onClick={() => {
                        edit((draft) => {
                          draft.networking.rangeBegin = suggestion.begin;
                          draft.networking.rangeEnd = suggestion.end;
                        });
                      }}
                    >
                      Use {suggestion.begin}–{suggestion.end}
                    </button>
                  )}
                </div>
              )}
            </Section>

            <Section title="Ramdisk">
              <Field
                label="SSH public key"
                path="ramdiskSSHKey"
                error={errorFor('ramdiskSSHKey')}
                hint="Optional: one OpenSSH public key, for logging in to hosts during provisioning"
              >
                <textarea
                  id="ramdiskSSHKey"
                  rows={3}
                  value={values.ramdiskSSHKey}
                  spellCheck={false}
                  onChange={(event) => {
                    edit((draft) => {
                      draft.ramdiskSSHKey = event.target.value;
                    });
                  }}
                  onBlur={() => {
                    touch('ramdiskSSHKey');
                  }}
                  className={`${inputClass(Boolean(errorFor('ramdiskSSHKey')))} font-mono text-xs`}
                />
              </Field>
            </Section>
          </div>
        )}
        {formMessage && <ErrorBox testId="form-message">{formMessage}</ErrorBox>}
        <Panel title="Create">
          <div className="flex items-center gap-3">
            {operator && (
              <button
                type="submit"
                data-testid="create-ironic"
                disabled={create.isPending}
                className="rounded-md bg-sky-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-sky-500 disabled:opacity-50"
              >
                {create.isPending ? 'Creating…' : 'Create Ironic'}
              </button>
            )}
            <Link href="/ironic" className="text-sm text-slate-300 hover:text-white">
              Cancel
            </Link>
          </div>
        </Panel>
      </form>
    </section>
  );
}
