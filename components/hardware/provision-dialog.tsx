'use client';

import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import {
  ipCheckInputSchema,
  MACHINE_ROLES,
  type IpCheckInput,
  type ProvisionedMachine,
} from '@/server/schemas/provision-form';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { Field, GroupError } from '../ui/form-kit/field';
import { FormKit } from '../ui/form-kit/form-kit-context';
import { Select, TextInput } from '../ui/form-kit/inputs';
import { useSchemaForm } from '../ui/form-kit/use-schema-form';
import { buttonClass, ModalDialog } from '../ui/modal-dialog';
import { ErrorBox } from '../ui/panel';
import { useDebounced } from '../ui/use-debounced';
import { ProvisionClusterFields } from './provision-cluster-fields';
import {
  formPath,
  initialState,
  NEW_CLUSTER,
  optional,
  provisionFormSchema,
  toInput,
  type FormState,
} from './provision-form-state';
import { ProvisionProfileField } from './provision-profile-field';

/** The address field's hint: the pool's next free addresses, or the subnet it must be in. */
function ipHint(free: string[] | undefined, typed: boolean, subnet: string | undefined): string {
  if (free && !typed)
    return free.length > 0
      ? `Empty: allocated from the pool (next ${free.slice(0, 3).join(', ')})`
      : 'Empty: allocated from the pool, which has no free address';
  return subnet ? `Inside ${subnet}` : 'Empty: allocated from the cluster pool';
}

/**
 * The click-to-provision form for one or more unleased MACs: Plunder cluster (or a new one inline),
 * role, boot profile, host name, address (checked against the cluster's subnet, or allocated from its
 * pool when empty) and Kubernetes version.
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
  const kit = useSchemaForm(provisionFormSchema, () => initialState(macs), { fieldOf: formPath });
  const values = useWatch({ control: kit.form.control }) as FormState;
  const options = useQuery(trpc.hardware.formOptions.queryOptions());
  const profiles = useQuery(trpc.bootProfiles.list.queryOptions());
  const clusters = options.data?.clusters;
  const single = macs.length === 1;

  const input = toInput(values);
  const check: IpCheckInput = {
    namespace: input.namespace,
    cluster: input.cluster,
    ip: input.ip,
    count: input.ip ? 0 : macs.length,
  };
  // Debounced as text: a new object every render would restart the wait for ever.
  const debouncedCheck = JSON.parse(useDebounced(JSON.stringify(check), 300)) as IpCheckInput;
  const checkReady = values.cluster !== '' && ipCheckInputSchema.safeParse(debouncedCheck).success;
  const ipCheck = useQuery({
    ...trpc.hardware.checkIp.queryOptions(checkReady ? debouncedCheck : skipToken),
    placeholderData: (previous) => previous,
  });
  const ipProblem = ipCheck.data?.ip && !ipCheck.data.ip.ok ? ipCheck.data.ip.message : undefined;

  const refused = kit.outcome(() => undefined);
  const provision = useMutation(
    trpc.hardware.provision.mutationOptions({
      onSuccess: (outcome) => {
        if (outcome.status === 'created') onProvisioned(outcome.machines);
        else refused.onSuccess(outcome);
      },
      onError: refused.onError,
    }),
  );
  const selected = clusters?.find((cluster) => `${cluster.namespace}/${cluster.name}` === values.cluster);
  const subnet = values.cluster === NEW_CLUSTER ? optional(values.subnet) : (selected?.subnet ?? undefined);
  const message = kit.invalidSubmit ? 'Nothing was provisioned: fix the marked fields.' : kit.message;

  return (
    <ModalDialog
      title={`Provision ${single ? 'one machine' : `${macs.length} machines`}`}
      testId="provision-dialog"
      busy={provision.isPending}
      onClose={onCancel}
      wide
    >
      <p className="-mt-3 font-mono text-xs text-slate-400" data-testid="provision-macs">
        {macs.join(' · ')}
      </p>
      <FormKit
        kit={kit}
        hints={single && ipProblem ? { ip: ipProblem } : undefined}
        className="space-y-4"
        onSubmit={kit.onSubmit((values) => {
          if (ipProblem || provision.isPending) return;
          provision.mutate(toInput(values));
        })}
      >
        <ProvisionClusterFields clusters={clusters} chosen={values.cluster} />
        <div className="grid grid-cols-2 gap-3">
          <ProvisionProfileField profiles={profiles.data} chosen={values.profile} />
          <Field label="Role" path="role">
            <Select path="role">
              {(options.data?.roles ?? MACHINE_ROLES).map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Kubernetes version" path="kubernetesVersion">
            <Select path="kubernetesVersion">
              {(options.data?.kubernetesVersions ?? [values.kubernetesVersion]).map((version) => (
                <option key={version} value={version}>
                  {version}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label={single ? 'Host name (optional)' : 'Host name prefix (optional)'}
            path="hostname"
            hint={single ? 'Also the machine name' : `Machines are named <prefix>-1 … -${macs.length}`}
          >
            <TextInput path="hostname" placeholder="e.g. worker" />
          </Field>
          <Field label="IP address" path="ip" hint={ipHint(ipCheck.data?.free, Boolean(input.ip), subnet)}>
            <TextInput
              path="ip"
              disabled={!single}
              placeholder={single ? 'allocate' : 'allocated per machine'}
            />
          </Field>
        </div>

        {options.data?.clusterApi && (
          <p className="text-xs text-slate-400">A Cluster API Machine is created with each PlunderMachine.</p>
        )}
        <GroupError path="macs" className="text-sm text-red-300" />
        <GroupError path="form" className="text-sm text-red-300" />
        {(options.error ?? profiles.error) && (
          <ErrorBox>{errorText(options.error ?? profiles.error)}</ErrorBox>
        )}
        {message && <ErrorBox testId="provision-error">{message}</ErrorBox>}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={onCancel}
            disabled={provision.isPending}
            className={buttonClass.secondary}
          >
            Cancel
          </button>
          <button type="submit" disabled={provision.isPending} className={buttonClass.primary}>
            {provision.isPending
              ? 'Provisioning…'
              : `Provision ${single ? 'machine' : `${macs.length} machines`}`}
          </button>
        </div>
      </FormKit>
    </ModalDialog>
  );
}
