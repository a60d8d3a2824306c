'use client';

import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { parse, stringify } from 'yaml';
import type { SipRolePreview } from '@/server/controllers/sip-cluster/plan-sip-cluster';
import {
  CLUSTER_NAME_MAX,
  defaultSipClusterForm,
  formFromSipCluster,
  rolesFormSchema,
  sipClusterFromForm,
  validateSipClusterForm,
  type SipClusterForm,
  type SipPreviewInput,
} from '@/server/schemas/sip-cluster-form';
import { useTRPC } from '../trpc/trpc';
import { Breadcrumb } from '../ui/detail-page';
import { errorText } from '../ui/errors';
import { Field, inputClass, numberValue, parseNumber } from '../ui/form-field';
import { ErrorBox, Panel } from '../ui/panel';
import { Tabs } from '../ui/tabs';
import { formFields, useCreateForm } from '../ui/use-create-form';
import { useDebounced } from '../ui/use-debounced';
import { RoleEditor } from './selector-builder';

type Tab = 'form' | 'yaml';

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

function PreviewTable({ roles, pending }: { roles: SipRolePreview[] | undefined; pending: boolean }) {
  if (!roles) {
    return (
      <p className="text-sm text-slate-500">
        {pending ? 'Checking hosts…' : 'Fix the role fields to see a preview.'}
      </p>
    );
  }
  if (roles.length === 0) return <p className="text-sm text-slate-500">No role asks for hosts.</p>;
  const th = 'px-1.5 py-1 text-right font-semibold';
  return (
    <table className={`w-full text-sm tabular-nums ${pending ? 'opacity-60' : ''}`} data-testid="preview">
      <thead className="border-b border-slate-800 text-[11px] uppercase tracking-wide text-slate-400">
        <tr>
          <th className="px-1.5 py-1 text-left font-semibold">Role</th>
          <th className={th} title="active + standby">
            Want
          </th>
          <th className={th} title="Free hosts matching the selector">
            Match
          </th>
          <th className={th} title="Hosts usable under the anti-affinity rule (one per topology value)">
            Fit
          </th>
          <th className="px-1.5 py-1 text-left font-semibold">
            <span className="sr-only">Verdict</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {roles.map((role) => (
          <tr key={role.role} className="border-b border-slate-800/60" data-testid={`preview-${role.role}`}>
            <td className="px-1.5 py-1">{role.role}</td>
            <td className="px-1.5 py-1 text-right">{role.wanted}</td>
            <td className="px-1.5 py-1 text-right" data-testid={`preview-${role.role}-matching`}>
              {role.matching}
            </td>
            <td className="px-1.5 py-1 text-right" data-testid={`preview-${role.role}-schedulable`}>
              {role.schedulable}
            </td>
            <td className="px-1.5 py-1 text-right whitespace-nowrap">
              {role.shortfall > 0 ? (
                <span className="text-red-300" title="The cluster would stay Unschedulable">
                  ✖ short {role.shortfall}
                </span>
              ) : (
                <span className="text-emerald-300">● ok</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-400">{title}</h2>
      {children}
    </section>
  );
}

export function ClusterFormPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const form = useCreateForm<SipClusterForm>(defaultSipClusterForm, validateSipClusterForm);
  const { values, edit, touch, change, formMessage } = form;
  const [tab, setTab] = useState<Tab>('form');
  const [yamlText, setYamlText] = useState('');
  const [yamlError, setYamlError] = useState<string>();

  const options = useQuery(trpc.tenantClusters.formOptions.queryOptions());
  const namespaceValid = DNS_LABEL.test(values.namespace);
  const secrets = useQuery(
    trpc.tenantClusters.secretNames.queryOptions(
      namespaceValid ? { namespace: values.namespace } : skipToken,
    ),
  );

  // Debounced by content (a string), so re-renders do not restart the timer.
  const previewJson = useDebounced(
    JSON.stringify({
      namespace: values.namespace.slice(0, 63),
      name: values.name.slice(0, 253),
      roles: values.roles,
      ports: {
        controlPlane: values.services.controlPlane.nodePort,
        workerStart: values.services.worker.start,
        workerEnd: values.services.worker.end,
        jumpHost: values.services.jumpHost.nodePort,
      },
    }),
    400,
  );
  const previewInput = JSON.parse(previewJson) as SipPreviewInput;
  const previewReady =
    rolesFormSchema.safeParse(previewInput.roles).success &&
    Object.values(previewInput.ports).every((port) => Number.isInteger(port) && port >= 0 && port <= 65_535);
  const preview = useQuery({
    ...trpc.tenantClusters.preview.queryOptions(previewReady ? previewInput : skipToken),
    placeholderData: (previous) => previous,
  });
  const portHints = preview.data?.portConflicts ?? {};

  const create = useMutation(
    trpc.tenantClusters.create.mutationOptions({
      onSuccess: (result) => {
        if (result.status === 'created') {
          router.push(`/clusters/${encodeURIComponent(result.namespace)}/${encodeURIComponent(result.name)}`);
          return;
        }
        form.rejected(result);
        // Field errors are shown next to the form's fields.
        if (Object.keys(result.fieldErrors).length > 0) setTab('form');
      },
      onError: form.failed,
    }),
  );

  const { errorFor, text } = formFields(form, { hints: portHints });

  const selectTab = (next: Tab) => {
    if (next === 'yaml') {
      setYamlText(stringify(sipClusterFromForm(values), { lineWidth: 0 }));
      setYamlError(undefined);
    }
    setTab(next);
  };

  const onYaml = (text: string) => {
    setYamlText(text);
    let document: unknown;
    try {
      document = parse(text);
    } catch (error) {
      setYamlError(
        `Not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      );
      return;
    }
    const result = formFromSipCluster(document);
    if (!result.ok) {
      setYamlError(`${result.error}. The form keeps its last valid state.`);
      return;
    }
    setYamlError(undefined);
    change(result.values);
  };

  const submit = () => {
    if (tab === 'yaml' && yamlError) {
      form.trySubmit();
      return;
    }
    if (!form.trySubmit()) {
      setTab('form');
      return;
    }
    create.mutate(values);
  };
  const port = (path: string, value: number, onValue: (value: number) => void) => (
    <input
      id={path}
      name={path}
      type="number"
      inputMode="numeric"
      value={numberValue(value)}
      aria-invalid={Boolean(errorFor(path))}
      onChange={(event) => {
        onValue(parseNumber(event.target.value));
      }}
      onBlur={() => {
        touch(path);
      }}
      className={`${inputClass(Boolean(errorFor(path)))} font-mono tabular-nums`}
    />
  );

  const labels = options.data?.labels ?? [];
  const secretNames = secrets.data ?? [];
  const { services } = values;

  return (
    <section className="space-y-4">
      <Breadcrumb href="/clusters" label="Clusters" trail={['new']} />
      <h1 className="text-2xl font-semibold">New tenant cluster</h1>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]"
      >
        <div className="min-w-0 space-y-4">
          <Tabs
            tabs={[
              { id: 'form', label: 'Form' },
              { id: 'yaml', label: 'YAML' },
            ]}
            active={tab}
            onSelect={selectTab}
          />
          {tab === 'yaml' ? (
            <div className="space-y-2">
              <textarea
                aria-label="SIPCluster YAML"
                data-testid="yaml-editor"
                value={yamlText}
                spellCheck={false}
                onChange={(event) => {
                  onYaml(event.target.value);
                }}
                rows={36}
                className={`w-full rounded border bg-slate-950 p-3 font-mono text-xs leading-5 text-slate-100 focus:outline-none ${
                  yamlError ? 'border-red-500/80' : 'border-slate-700 focus:border-sky-500'
                }`}
              />
              {yamlError ? (
                <ErrorBox testId="yaml-error">{yamlError}</ErrorBox>
              ) : (
                <p className="text-xs text-slate-500">
                  Edits here update the form; the form&apos;s field errors still apply.
                </p>
              )}
            </div>
          ) : (
            <div className="space-y-6">
              <Section title="Cluster">
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field
                    label="Namespace"
                    path="namespace"
                    error={errorFor('namespace')}
                    hint="Where the SIPCluster and its load balancers and jump host live"
                  >
                    {text(
                      'namespace',
                      values.namespace,
                      (value) => {
                        edit((draft) => {
                          draft.namespace = value.trim();
                          draft.services.jumpHost.privateKeySecret = '';
                        });
                      },
                      { list: 'namespaces', placeholder: 'e.g. tenants' },
                    )}
                    <datalist id="namespaces">
                      {(options.data?.namespaces ?? []).map((namespace) => (
                        <option key={namespace} value={namespace} />
                      ))}
                    </datalist>
                  </Field>
                  <Field
                    label="Name"
                    path="name"
                    error={errorFor('name')}
                    hint={`Lower-case DNS label, at most ${CLUSTER_NAME_MAX} characters`}
                  >
                    {text(
                      'name',
                      values.name,
                      (value) => {
                        edit((draft) => {
                          draft.name = value.trim();
                        });
                      },
                      { placeholder: 'e.g. sub1', maxLength: 253 },
                    )}
                  </Field>
                </div>
              </Section>
              <Section title="Hosts">
                {errorFor('roles') && (
                  <p role="alert" data-testid="error-roles" className="text-sm text-red-300">
                    {errorFor('roles')}
                  </p>
                )}
                <datalist id="label-keys">
                  {labels.map((label) => (
                    <option
                      key={label.key}
                      value={label.key}
                      label={`on ${label.hosts} hosts, ${label.free} free`}
                    />
                  ))}
                </datalist>
                {(['ControlPlane', 'Worker'] as const).map((role) => (
                  <RoleEditor
                    key={role}
                    role={role}
                    value={values.roles[role]}
                    labels={labels}
                    errorFor={errorFor}
                    onTouch={touch}
                    onChange={(next) => {
                      edit((draft) => {
                        draft.roles[role] = next;
                      });
                    }}
                  />
                ))}
              </Section>
              <Section title="Services">
                <div className="grid gap-3 sm:grid-cols-3">
                  <Field
                    label="Control-plane LB nodePort"
                    path="services.controlPlane.nodePort"
                    error={errorFor('services.controlPlane.nodePort')}
                    hint="Exposes the API server (6443)"
                  >
                    {port('services.controlPlane.nodePort', services.controlPlane.nodePort, (value) => {
                      edit((draft) => {
                        draft.services.controlPlane.nodePort = value;
                      });
                    })}
                  </Field>
                  <Field
                    label="Worker LB ports from"
                    path="services.worker.start"
                    error={errorFor('services.worker.start')}
                  >
                    {port('services.worker.start', services.worker.start, (value) => {
                      edit((draft) => {
                        draft.services.worker.start = value;
                      });
                    })}
                  </Field>
                  <Field
                    label="Worker LB ports to"
                    path="services.worker.end"
                    error={errorFor('services.worker.end')}
                    hint="Each port is exposed as itself"
                  >
                    {port('services.worker.end', services.worker.end, (value) => {
                      edit((draft) => {
                        draft.services.worker.end = value;
                      });
                    })}
                  </Field>
                  <Field
                    label="Jump host SSH nodePort"
                    path="services.jumpHost.nodePort"
                    error={errorFor('services.jumpHost.nodePort')}
                  >
                    {port('services.jumpHost.nodePort', services.jumpHost.nodePort, (value) => {
                      edit((draft) => {
                        draft.services.jumpHost.nodePort = value;
                      });
                    })}
                  </Field>
                  <Field
                    label="Node interface (networkData id)"
                    path="services.nodeInterfaceId"
                    error={errorFor('services.nodeInterfaceId')}
                    hint="The network whose IP the services use"
                  >
                    {text('services.nodeInterfaceId', services.nodeInterfaceId, (value) => {
                      edit((draft) => {
                        draft.services.nodeInterfaceId = value.trim();
                      });
                    })}
                  </Field>
                  <Field
                    label="Private-key Secret"
                    path="services.jumpHost.privateKeySecret"
                    error={errorFor('services.jumpHost.privateKeySecret')}
                    hint={
                      !namespaceValid
                        ? 'Choose a namespace first'
                        : secrets.isSuccess && secretNames.length === 0
                          ? `No Secrets in ${values.namespace}: create one holding the SSH private keys`
                          : 'Each key of the Secret becomes one key file on the jump host'
                    }
                  >
                    <select
                      id="services.jumpHost.privateKeySecret"
                      name="services.jumpHost.privateKeySecret"
                      value={services.jumpHost.privateKeySecret}
                      disabled={!namespaceValid}
                      aria-invalid={Boolean(errorFor('services.jumpHost.privateKeySecret'))}
                      onChange={(event) => {
                        edit((draft) => {
                          draft.services.jumpHost.privateKeySecret = event.target.value;
                        });
                      }}
                      onBlur={() => {
                        touch('services.jumpHost.privateKeySecret');
                      }}
                      className={`${inputClass(Boolean(errorFor('services.jumpHost.privateKeySecret')))} font-mono disabled:opacity-40`}
                    >
                      <option value="">Choose a Secret…</option>
                      {services.jumpHost.privateKeySecret &&
                        !secretNames.includes(services.jumpHost.privateKeySecret) && (
                          <option value={services.jumpHost.privateKeySecret}>
                            {services.jumpHost.privateKeySecret} (not found)
                          </option>
                        )}
                      {secretNames.map((secret) => (
                        <option key={secret} value={secret}>
                          {secret}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Field
                    label="Authorized SSH keys (one per line)"
                    path="services.jumpHost.authorizedKeys"
                    error={errorFor('services.jumpHost.authorizedKeys')}
                    hint="OpenSSH public keys: ssh-ed25519 AAAA… comment"
                    className="sm:col-span-3"
                  >
                    <textarea
                      id="services.jumpHost.authorizedKeys"
                      name="services.jumpHost.authorizedKeys"
                      rows={3}
                      value={services.jumpHost.authorizedKeys}
                      spellCheck={false}
                      aria-invalid={Boolean(errorFor('services.jumpHost.authorizedKeys'))}
                      onChange={(event) => {
                        edit((draft) => {
                          draft.services.jumpHost.authorizedKeys = event.target.value;
                        });
                      }}
                      onBlur={() => {
                        touch('services.jumpHost.authorizedKeys');
                      }}
                      className={`${inputClass(Boolean(errorFor('services.jumpHost.authorizedKeys')))} font-mono text-xs`}
                    />
                  </Field>
                  <Field
                    label="Load balancer image"
                    path="services.controlPlane.image"
                    error={errorFor('services.controlPlane.image')}
                  >
                    {text('services.controlPlane.image', services.controlPlane.image, (value) => {
                      edit((draft) => {
                        draft.services.controlPlane.image = value.trim();
                      });
                    })}
                  </Field>
                  <Field
                    label="Worker LB image"
                    path="services.worker.image"
                    error={errorFor('services.worker.image')}
                  >
                    {text('services.worker.image', services.worker.image, (value) => {
                      edit((draft) => {
                        draft.services.worker.image = value.trim();
                      });
                    })}
                  </Field>
                  <Field
                    label="Jump host image"
                    path="services.jumpHost.image"
                    error={errorFor('services.jumpHost.image')}
                  >
                    {text('services.jumpHost.image', services.jumpHost.image, (value) => {
                      edit((draft) => {
                        draft.services.jumpHost.image = value.trim();
                      });
                    })}
                  </Field>
                  <label className="flex items-center gap-2 text-sm text-slate-300 sm:col-span-3">
                    <input
                      type="checkbox"
                      name="services.jumpHost.bmcProxy"
                      checked={services.jumpHost.bmcProxy}
                      onChange={(event) => {
                        edit((draft) => {
                          draft.services.jumpHost.bmcProxy = event.target.checked;
                        });
                      }}
                    />
                    Reach BMCs through the proxy (bmc.proxy)
                  </label>
                </div>
              </Section>
            </div>
          )}
        </div>

        <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
          <Panel title="Scheduling preview" testId="preview-panel">
            <PreviewTable
              roles={preview.data?.roles}
              pending={preview.isFetching || (previewReady && !preview.data)}
            />
            {preview.isError && <ErrorBox>{errorText(preview.error)}</ErrorBox>}
            <p className="mt-2 text-xs text-slate-500">
              Match: free hosts (no SIP cluster label) the selector matches. Fit: those usable with one host
              per anti-affinity value, by the controller&apos;s own rules. Secrets are not read here.
            </p>
          </Panel>
          {formMessage && <ErrorBox testId="form-error">{formMessage}</ErrorBox>}
          <div className="flex items-center gap-3">
            <button
              type="submit"
              data-testid="create-cluster"
              disabled={create.isPending}
              className="rounded-md bg-sky-600 px-4 py-2 text-sm font-medium text-white hover:bg-sky-500 disabled:opacity-50"
            >
              {create.isPending ? 'Creating…' : 'Create SIPCluster'}
            </button>
            <Link href="/clusters" className="text-sm text-slate-400 hover:text-white">
              Cancel
            </Link>
          </div>
          <p className="text-xs text-slate-500">
            One request to the API server: the SIPCluster is stored whole or not at all. The page then follows
            it until Ready.
          </p>
        </aside>
      </form>
    </section>
  );
}
