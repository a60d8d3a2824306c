'use client';

import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { fieldErrorsOf, type FieldErrors } from '@/server/schemas/field-errors';
import {
  ipCheckInputSchema,
  provisionInputSchema,
  type DeploymentProfile,
  type IpCheckInput,
  type MachineRole,
  type ProvisionedMachine,
} from '@/server/schemas/provision-form';
import { useTRPC } from '../trpc/trpc';
import { useDebounced } from '../ui/use-debounced';
import { errorText, fieldErrorsFromMessage } from '../ui/errors';
import { Field, inputClass } from '../ui/form-kit/field';
import {
  formErrors,
  initialState,
  NEW_CLUSTER,
  optional,
  toInput,
  type FormState,
} from './provision-form-state';

/**
 * The click-to-provision form for one or more unleased MACs: tenant cluster (or a new one inline),
 * role, deployment profile, host name, address (checked against the cluster's subnet, or allocated
 * from its pool when empty) and Kubernetes version.
 */
export function ProvisionDialog({
  macs,
  onProvisioned,
  onCancel,
}: {
  macs: string[];
  onProvisioned: (machines: ProvisionedMachine[]) => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const dialog = useRef<HTMLDialogElement>(null);
  const [edited, setForm] = useState<FormState>(initialState);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formMessage, setFormMessage] = useState<string>();
  const options = useQuery(trpc.hardware.formOptions.queryOptions());
  const clusters = options.data?.clusters;
  // Until the operator picks one: the first cluster, or the inline "new" form when there is none.
  const first = clusters?.[0];
  const defaultCluster = clusters ? (first ? `${first.namespace}/${first.name}` : NEW_CLUSTER) : '';
  const form: FormState = { ...edited, cluster: edited.cluster || defaultCluster };

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
    };
  }, []);
  const input = toInput(macs, form);
  const parsed = provisionInputSchema.safeParse(input);
  const clientErrors = formErrors(parsed.success ? {} : fieldErrorsOf(parsed.error.issues));
  const shownServer = formErrors(serverErrors);
  const errorFor = (field: keyof FormState | 'macs' | 'form') =>
    (submitted ? clientErrors[field] : undefined) ?? shownServer[field];

  const check: IpCheckInput = {
    namespace: input.namespace,
    cluster: input.cluster,
    ip: input.ip,
    count: input.ip ? 0 : macs.length,
  };
  // Debounced as text: a new object every render would restart the wait for ever.
  const debouncedCheck = JSON.parse(useDebounced(JSON.stringify(check), 300)) as IpCheckInput;
  const checkReady = form.cluster !== '' && ipCheckInputSchema.safeParse(debouncedCheck).success;
  const ipCheck = useQuery({
    ...trpc.hardware.checkIp.queryOptions(checkReady ? debouncedCheck : skipToken),
    placeholderData: (previous) => previous,
  });
  const ipProblem = ipCheck.data?.ip && !ipCheck.data.ip.ok ? ipCheck.data.ip.message : undefined;

  const provision = useMutation(
    trpc.hardware.provision.mutationOptions({
      onSuccess: (outcome) => {
        if (outcome.status === 'created') {
          onProvisioned(outcome.machines);
          return;
        }
        setServerErrors(outcome.fieldErrors);
        setFormMessage(outcome.message);
      },
      onError: (error) => {
        setServerErrors(fieldErrorsFromMessage(error.message));
        setFormMessage(errorText(error));
      },
    }),
  );
  const change = (patch: Partial<FormState>) => {
    setForm((current) => ({ ...current, ...patch }));
    setServerErrors({});
    setFormMessage(undefined);
  };
  const selected = clusters?.find((cluster) => `${cluster.namespace}/${cluster.name}` === form.cluster);
  const subnet = form.cluster === NEW_CLUSTER ? optional(form.subnet) : (selected?.subnet ?? undefined);
  const text = (
    field: 'namespace' | 'name' | 'subnet' | 'gateway' | 'poolStart' | 'poolEnd' | 'hostname' | 'ip',
  ) => ({
    id: field,
    value: form[field],
    spellCheck: false,
    autoComplete: 'off',
    'aria-invalid': errorFor(field) ? true : undefined,
    'aria-describedby': errorFor(field) ? `${field}-error` : undefined,
    className: inputClass(Boolean(errorFor(field))),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      change({ [field]: event.target.value });
    },
  });
  const selectClass = inputClass(false);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="provision-title"
      data-testid="provision-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!provision.isPending) onCancel();
      }}
      className="m-auto w-full max-w-2xl rounded-lg border border-slate-700 bg-slate-900 p-0 text-slate-100 shadow-2xl backdrop:bg-black/70"
    >
      <form
        noValidate
        className="space-y-4 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (!parsed.success || ipProblem || provision.isPending) return;
          provision.mutate(input);
        }}
      >
        <div>
          <h2 id="provision-title" className="text-lg font-semibold">
            Provision {macs.length === 1 ? 'one machine' : `${macs.length} machines`}
          </h2>
          <p className="mt-1 font-mono text-xs text-slate-400" data-testid="provision-macs">
            {macs.join(' · ')}
          </p>
        </div>

        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="sr-only">Tenant cluster</legend>
          <Field
            label="Tenant cluster (PlunderCluster)"
            path="cluster"
            error={errorFor('cluster')}
            className="col-span-2"
          >
            <select
              id="cluster"
              value={form.cluster}
              className={selectClass}
              disabled={!clusters}
              onChange={(event) => {
                change({ cluster: event.target.value });
              }}
            >
              {!clusters && <option value="">Loading clusters…</option>}
              {clusters?.map((cluster) => (
                <option
                  key={`${cluster.namespace}/${cluster.name}`}
                  value={`${cluster.namespace}/${cluster.name}`}
                >
                  {cluster.namespace}/{cluster.name}
                  {cluster.subnet ? ` · ${cluster.subnet}` : ''}
                  {cluster.freeAddresses !== null ? ` · ${cluster.freeAddresses} free` : ''}
                </option>
              ))}
              {clusters && <option value={NEW_CLUSTER}>New cluster…</option>}
            </select>
          </Field>
          {form.cluster === NEW_CLUSTER && (
            <>
              <Field label="Namespace" path="namespace" error={errorFor('namespace')}>
                <input {...text('namespace')} />
              </Field>
              <Field label="Cluster name" path="name" error={errorFor('name')}>
                <input {...text('name')} placeholder="e.g. tenant-a" />
              </Field>
              <Field
                label="Subnet"
                path="subnet"
                error={errorFor('subnet')}
                hint="Machine addresses come from it"
              >
                <input {...text('subnet')} placeholder="e.g. 10.0.0.0/24" />
              </Field>
              <Field label="Gateway (optional)" path="gateway" error={errorFor('gateway')}>
                <input {...text('gateway')} placeholder="e.g. 10.0.0.1" />
              </Field>
              <Field label="Pool start (optional)" path="poolStart" error={errorFor('poolStart')}>
                <input {...text('poolStart')} placeholder="e.g. 10.0.0.20" />
              </Field>
              <Field label="Pool end (optional)" path="poolEnd" error={errorFor('poolEnd')}>
                <input {...text('poolEnd')} placeholder="e.g. 10.0.0.99" />
              </Field>
            </>
          )}
        </fieldset>

        <div className="grid grid-cols-2 gap-3">
          <Field label="Role" path="role" error={errorFor('role')}>
            <select
              id="role"
              value={form.role}
              className={selectClass}
              onChange={(event) => {
                change({ role: event.target.value as MachineRole });
              }}
            >
              {(options.data?.roles ?? ['control-plane', 'worker']).map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Deployment profile" path="profile" error={errorFor('profile')}>
            <select
              id="profile"
              value={form.profile}
              className={selectClass}
              onChange={(event) => {
                change({ profile: event.target.value as DeploymentProfile });
              }}
            >
              {(options.data?.profiles ?? [{ value: form.profile, label: form.profile }]).map((profile) => (
                <option key={profile.value} value={profile.value}>
                  {profile.label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={macs.length === 1 ? 'Host name (optional)' : 'Host name prefix (optional)'}
            path="hostname"
            error={errorFor('hostname')}
            hint={
              macs.length === 1 ? 'Also the machine name' : `Machines are named <prefix>-1 … -${macs.length}`
            }
          >
            <input {...text('hostname')} placeholder="e.g. worker" />
          </Field>
          <Field
            label="IP address"
            path="ip"
            error={errorFor('ip') ?? (macs.length === 1 ? ipProblem : undefined)}
            hint={
              ipCheck.data && !input.ip
                ? ipCheck.data.free.length > 0
                  ? `Empty: allocated from the pool (next ${ipCheck.data.free.slice(0, 3).join(', ')})`
                  : 'Empty: allocated from the pool, which has no free address'
                : subnet
                  ? `Inside ${subnet}`
                  : 'Empty: allocated from the cluster pool'
            }
          >
            <input
              {...text('ip')}
              disabled={macs.length !== 1}
              placeholder={macs.length === 1 ? 'allocate' : 'allocated per machine'}
            />
          </Field>
          <Field label="Kubernetes version" path="kubernetesVersion" error={errorFor('kubernetesVersion')}>
            <select
              id="kubernetesVersion"
              value={form.kubernetesVersion}
              className={selectClass}
              onChange={(event) => {
                change({ kubernetesVersion: event.target.value });
              }}
            >
              {(options.data?.kubernetesVersions ?? [form.kubernetesVersion]).map((version) => (
                <option key={version} value={version}>
                  {version}
                </option>
              ))}
            </select>
          </Field>
        </div>

        {options.data?.clusterApi && (
          <p className="text-xs text-slate-400">A Cluster API Machine is created with each PlunderMachine.</p>
        )}
        {(errorFor('macs') ?? errorFor('form')) && (
          <p role="alert" className="text-sm text-red-300">
            {errorFor('macs') ?? errorFor('form')}
          </p>
        )}
        {options.error && (
          <p role="alert" className="text-sm text-red-300">
            {errorText(options.error)}
          </p>
        )}
        {formMessage && (
          <p role="alert" className="text-sm text-red-300" data-testid="provision-error">
            {formMessage}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={onCancel}
            disabled={provision.isPending}
            className="rounded border border-slate-700 px-3 py-1.5 text-sm text-slate-200 hover:bg-slate-800"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={provision.isPending}
            className="rounded bg-sky-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-600 disabled:opacity-50"
          >
            {provision.isPending
              ? 'Provisioning…'
              : `Provision ${macs.length === 1 ? 'machine' : `${macs.length} machines`}`}
          </button>
        </div>
      </form>
    </dialog>
  );
}
