'use client';

import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { NodePorts } from '@/server/api/clusters/port-conflicts';
import { readDocument } from '@/server/schemas/document-problem';
import { DNS1123_LABEL } from '@/server/schemas/kube-names';
import { sipClusterDocumentSchema } from '@/server/schemas/sip-cluster-document';
import {
  CLUSTER_NAME_MAX,
  defaultSipClusterForm,
  rolesFormSchema,
  sipClusterFormSchema,
  type SipClusterForm,
  type SipPreviewInput,
} from '@/server/schemas/sip-cluster-form';
import { sipClusterFromForm } from '@/server/schemas/sip-cluster-object';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { CreateNamespaceOffer } from '../ui/form-kit/create-namespace-offer';
import type { EditTarget } from '../ui/form-kit/edit-form-page';
import { FixedIdentityFields } from '../ui/form-kit/fixed-field';
import { KindFormPage } from '../ui/form-kit/kind-form-page';
import { Field, GroupError } from '../ui/form-kit/field';
import { TextInput } from '../ui/form-kit/inputs';
import { NamespaceField } from '../ui/form-kit/namespace-field';
import { Section } from '../ui/form-kit/section';
import { useSchemaForm } from '../ui/form-kit/use-schema-form';
import { ErrorBox, Panel } from '../ui/panel';
import { useDebounced } from '../ui/use-debounced';
import { ClusterServicesFields } from './cluster-services-fields';
import { RoleEditor } from './selector-builder';
import { ScheduleExplained } from './schedule-explained';
import { PreviewTable } from './sip-preview-table';
import { SshKeySecretOffer } from './ssh-key-secret-offer';

const yamlView = {
  objects: (values: SipClusterForm) => [sipClusterFromForm(values)],
  read: (document: unknown) => readDocument(sipClusterDocumentSchema, document),
  label: 'SIPCluster YAML',
  note: "Edits here update the form; the form's field errors still apply.",
};

/** What the scheduling preview asks about, as a string so the debounce restarts only on change. */
function previewKey(values: SipClusterForm): string {
  return JSON.stringify({
    namespace: values.namespace.slice(0, 63),
    name: values.name.slice(0, 253),
    roles: values.roles,
    ports: {
      controlPlane: values.services.controlPlane.nodePort,
      workerStart: values.services.worker.start,
      workerEnd: values.services.worker.end,
      jumpHost: values.services.jumpHost.nodePort,
    },
  });
}

/** Moves the nodePort fields past the ports other SIPClusters use, once known, unless already edited. */
function useSuggestedPorts(form: UseFormReturn<SipClusterForm>, free: NodePorts | undefined) {
  useEffect(() => {
    if (!free) return;
    const fields = [
      ['services.jumpHost.nodePort', free.jumpHost],
      ['services.controlPlane.nodePort', free.controlPlane],
      ['services.worker.start', free.workerStart],
      ['services.worker.end', free.workerEnd],
    ] as const;
    if (fields.some(([path]) => form.getFieldState(path).isDirty)) return;
    for (const [path, port] of fields) form.setValue(path, port);
  }, [form, free]);
}

/** The tenant-cluster form: a new SIPCluster, or with `edit` the live one it opened on. */
export function ClusterFormPage({ edit }: { edit?: EditTarget<SipClusterForm> } = {}) {
  const trpc = useTRPC();
  const kit = useSchemaForm(sipClusterFormSchema, edit ? () => edit.values : defaultSipClusterForm);
  const values = useWatch({ control: kit.form.control }) as SipClusterForm;

  const options = useQuery(trpc.clusters.formOptions.queryOptions());
  // An edit keeps the cluster's own ports.
  useSuggestedPorts(kit.form, edit ? undefined : options.data?.freePorts);
  const namespaceValid = DNS1123_LABEL.test(values.namespace);
  const secrets = useQuery(
    trpc.clusters.secretNames.queryOptions(namespaceValid ? { namespace: values.namespace } : skipToken),
  );

  const previewInput = JSON.parse(useDebounced(previewKey(values), 400)) as SipPreviewInput;
  const previewReady =
    rolesFormSchema.safeParse(previewInput.roles).success &&
    Object.values(previewInput.ports).every((port) => Number.isInteger(port) && port >= 0 && port <= 65_535);
  const [scheduleSearch, setScheduleSearch] = useState('');
  const preview = useQuery({
    ...trpc.clusters.preview.queryOptions(
      previewReady ? { ...previewInput, search: scheduleSearch } : skipToken,
    ),
    placeholderData: (previous) => previous,
  });

  const labels = options.data?.labels ?? [];

  const aside = (
    <Panel title="Scheduling preview" testId="preview-panel">
      <PreviewTable
        roles={preview.data?.roles}
        pending={preview.isFetching || (previewReady && !preview.data)}
      />
      {preview.isError && <ErrorBox>{errorText(preview.error)}</ErrorBox>}
      <ScheduleExplained roles={preview.data?.roles} search={scheduleSearch} onSearch={setScheduleSearch} />
      <p className="mt-2 text-xs text-slate-400">
        Match: free hosts (no SIP cluster label) the selector matches. Fit: those usable with one host per
        anti-affinity value, by the controller&apos;s own rules. Secrets are not read here.
      </p>
    </Panel>
  );
  const fields = (
    <>
      <Section title="Cluster">
        <div className="grid gap-3 sm:grid-cols-2">
          {edit ? (
            <FixedIdentityFields target={edit} />
          ) : (
            <>
              <div>
                <NamespaceField
                  namespaces={options.data?.namespaces}
                  listId="namespaces"
                  hint="Where the SIPCluster and its load balancers and jump host live"
                  placeholder="e.g. tenants"
                  onValueChange={() => {
                    kit.form.setValue('services.jumpHost.privateKeySecret', '');
                  }}
                />
                <CreateNamespaceOffer namespace={values.namespace} />
              </div>
              <Field
                label="Name"
                path="name"
                hint={`Lower-case DNS label, at most ${CLUSTER_NAME_MAX} characters`}
              >
                <TextInput path="name" placeholder="e.g. sub1" maxLength={253} />
              </Field>
            </>
          )}
        </div>
      </Section>
      <Section title="Hosts">
        <GroupError path="roles" className="text-sm text-red-300" />
        <datalist id="label-keys">
          {labels.map((label) => (
            <option key={label.key} value={label.key} label={`on ${label.hosts} hosts, ${label.free} free`} />
          ))}
        </datalist>
        <RoleEditor role="ControlPlane" labels={labels} />
        <RoleEditor role="Worker" labels={labels} />
      </Section>
      <ClusterServicesFields
        namespace={values.namespace}
        namespaceValid={namespaceValid}
        secretNames={secrets.data ?? []}
        secretsLoaded={secrets.isSuccess}
        privateKeySecret={values.services.jumpHost.privateKeySecret}
        secretAction={
          <SshKeySecretOffer
            namespace={values.namespace}
            namespaceValid={namespaceValid}
            clusterName={values.name}
            onCreated={(name) => {
              kit.form.setValue('services.jumpHost.privateKeySecret', name, { shouldValidate: true });
            }}
          />
        }
      />
    </>
  );

  return (
    <KindFormPage
      kit={kit}
      procedures={trpc.clusters}
      edit={edit}
      path="/clusters"
      listLabel="Clusters"
      kind="SIPCluster"
      create={{
        title: 'New tenant cluster',
        submit: {
          label: 'Create SIPCluster',
          testId: 'create-cluster',
          note: 'One request to the API server: the SIPCluster is stored whole or not at all. The page then follows it until Ready.',
        },
      }}
      yaml={yamlView}
      yamlTabLabel="YAML"
      hints={preview.data?.portConflicts}
      aside={aside}
    >
      {fields}
    </KindFormPage>
  );
}
