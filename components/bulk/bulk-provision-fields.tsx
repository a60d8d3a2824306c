'use client';

import { useQuery } from '@tanstack/react-query';
import type { BulkProvision } from '@/server/api/bulk/start.schema';
import {
  DEFAULT_DEPLOYMENT_PROFILE,
  DEFAULT_KUBERNETES_VERSION,
  KUBERNETES_VERSIONS,
  MACHINE_ROLES,
  type MachineRole,
} from '@/server/schemas/provision-form';
import { useTRPC } from '../trpc/trpc';
import { Field, inputClass } from '../ui/form-kit/field';

/** The provision dialog's choices that apply to every machine of a job; `cluster` is "namespace/name". */
export interface ProvisionChoice {
  cluster: string;
  role: MachineRole;
  profile: string;
  kubernetesVersion: (typeof KUBERNETES_VERSIONS)[number];
}

export const DEFAULT_PROVISION_CHOICE: ProvisionChoice = {
  cluster: '',
  role: 'worker',
  profile: DEFAULT_DEPLOYMENT_PROFILE,
  kubernetesVersion: DEFAULT_KUBERNETES_VERSION,
};

/** The job's provision input, once a cluster is chosen. */
export function provisionOf(choice: ProvisionChoice): BulkProvision | undefined {
  const [namespace, cluster] = choice.cluster.split('/');
  if (!namespace || !cluster) return undefined;
  const { role, profile, kubernetesVersion } = choice;
  return { namespace, cluster, role, profile, kubernetesVersion };
}

function ChoiceField<T extends string>(props: {
  label: string;
  path: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  hint?: string;
}) {
  const { label, path, value, options, onChange, hint } = props;
  return (
    <Field label={label} path={path} {...(hint ? { hint } : {})}>
      <select
        id={path}
        value={value}
        onChange={(event) => {
          onChange(event.target.value as T);
        }}
        className={inputClass(false)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * Where every machine of a provision job goes, as the provision dialog asks it: an existing Plunder
 * cluster (each machine takes an address from its pool), the role, the boot profile, the version.
 */
export function BulkProvisionFields({
  choice,
  onChange,
}: {
  choice: ProvisionChoice;
  onChange: (choice: ProvisionChoice) => void;
}) {
  const trpc = useTRPC();
  const options = useQuery(trpc.hardware.formOptions.queryOptions());
  const profiles = useQuery(trpc.bootProfiles.list.queryOptions());
  const clusters = (options.data?.clusters ?? []).map((cluster) => ({
    value: `${cluster.namespace}/${cluster.name}`,
    label: `${cluster.namespace}/${cluster.name}${cluster.freeAddresses === null ? '' : ` · ${cluster.freeAddresses} free addresses`}`,
  }));
  const usable = (profiles.data ?? [])
    .filter((profile) => profile.installer !== 'wipe' && !profile.problem)
    .map((profile) => ({ value: profile.name, label: profile.name }));
  const set = (change: Partial<ProvisionChoice>) => {
    onChange({ ...choice, ...change });
  };
  return (
    <>
      <ChoiceField
        label="Plunder cluster"
        path="cluster"
        value={choice.cluster}
        options={[{ value: '', label: 'Choose a cluster…' }, ...clusters]}
        onChange={(cluster) => {
          set({ cluster });
        }}
        hint="An existing cluster: create a new one with the provision dialog or on the Plunder page"
      />
      <ChoiceField
        label="Role"
        path="role"
        value={choice.role}
        options={MACHINE_ROLES.map((role) => ({ value: role, label: role }))}
        onChange={(role) => {
          set({ role });
        }}
      />
      <ChoiceField
        label="Boot profile"
        path="profile"
        value={choice.profile}
        options={usable.length > 0 ? usable : [{ value: choice.profile, label: choice.profile }]}
        onChange={(profile) => {
          set({ profile });
        }}
      />
      <ChoiceField
        label="Kubernetes version"
        path="kubernetesVersion"
        value={choice.kubernetesVersion}
        options={KUBERNETES_VERSIONS.map((version) => ({ value: version, label: version }))}
        onChange={(kubernetesVersion) => {
          set({ kubernetesVersion });
        }}
      />
    </>
  );
}
