'use client';

import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useWatch } from 'react-hook-form';
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
import { Breadcrumb } from '../ui/detail-page';
import { errorText } from '../ui/errors';
import { Field, GroupError } from '../ui/form-kit/field';
import { FormKit } from '../ui/form-kit/form-kit-context';
import { TextInput } from '../ui/form-kit/inputs';
import { Section } from '../ui/form-kit/section';
import { SubmitBar } from '../ui/form-kit/submit-bar';
import { useSchemaForm } from '../ui/form-kit/use-schema-form';
import { FormWithYaml } from '../ui/form-kit/yaml-tab';
import { ErrorBox, Panel } from '../ui/panel';
import { useDebounced } from '../ui/use-debounced';
import { ClusterServicesFields } from './cluster-services-fields';
import { RoleEditor } from './selector-builder';
import { PreviewTable } from './sip-preview-table';

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

export function ClusterFormPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const kit = useSchemaForm(sipClusterFormSchema, defaultSipClusterForm);
  const values = useWatch({ control: kit.form.control }) as SipClusterForm;

  const options = useQuery(trpc.tenantClusters.formOptions.queryOptions());
  const namespaceValid = DNS1123_LABEL.test(values.namespace);
  const secrets = useQuery(
    trpc.tenantClusters.secretNames.queryOptions(
      namespaceValid ? { namespace: values.namespace } : skipToken,
    ),
  );

  const previewInput = JSON.parse(useDebounced(previewKey(values), 400)) as SipPreviewInput;
  const previewReady =
    rolesFormSchema.safeParse(previewInput.roles).success &&
    Object.values(previewInput.ports).every((port) => Number.isInteger(port) && port >= 0 && port <= 65_535);
  const preview = useQuery({
    ...trpc.tenantClusters.preview.queryOptions(previewReady ? previewInput : skipToken),
    placeholderData: (previous) => previous,
  });

  const outcome = kit.outcome((created) => {
    router.push(`/clusters/${encodeURIComponent(created.namespace)}/${encodeURIComponent(created.name)}`);
  });
  const create = useMutation(trpc.tenantClusters.create.mutationOptions(outcome));
  const dryRun = useMutation(trpc.tenantClusters.dryRun.mutationOptions(outcome));
  const labels = options.data?.labels ?? [];

  return (
    <section className="space-y-4">
      <Breadcrumb href="/clusters" label="Clusters" trail={['new']} />
      <h1 className="text-2xl font-semibold">New tenant cluster</h1>
      <FormKit
        kit={kit}
        hints={preview.data?.portConflicts}
        onSubmit={kit.onSubmit((input) => {
          create.mutate(input);
        })}
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]"
      >
        <FormWithYaml kit={kit} yaml={yamlView} yamlTabLabel="YAML">
          <Section title="Cluster">
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                label="Namespace"
                path="namespace"
                hint="Where the SIPCluster and its load balancers and jump host live"
              >
                <TextInput
                  path="namespace"
                  list="namespaces"
                  placeholder="e.g. tenants"
                  onValueChange={() => {
                    kit.form.setValue('services.jumpHost.privateKeySecret', '');
                  }}
                />
                <datalist id="namespaces">
                  {(options.data?.namespaces ?? []).map((namespace) => (
                    <option key={namespace} value={namespace} />
                  ))}
                </datalist>
              </Field>
              <Field
                label="Name"
                path="name"
                hint={`Lower-case DNS label, at most ${CLUSTER_NAME_MAX} characters`}
              >
                <TextInput path="name" placeholder="e.g. sub1" maxLength={253} />
              </Field>
            </div>
          </Section>
          <Section title="Hosts">
            <GroupError path="roles" className="text-sm text-red-300" />
            <datalist id="label-keys">
              {labels.map((label) => (
                <option
                  key={label.key}
                  value={label.key}
                  label={`on ${label.hosts} hosts, ${label.free} free`}
                />
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
          />
        </FormWithYaml>

        <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
          <Panel title="Scheduling preview" testId="preview-panel">
            <PreviewTable
              roles={preview.data?.roles}
              pending={preview.isFetching || (previewReady && !preview.data)}
            />
            {preview.isError && <ErrorBox>{errorText(preview.error)}</ErrorBox>}
            <p className="mt-2 text-xs text-slate-400">
              Match: free hosts (no SIP cluster label) the selector matches. Fit: those usable with one host
              per anti-affinity value, by the controller&apos;s own rules. Secrets are not read here.
            </p>
          </Panel>
          <SubmitBar
            kit={kit}
            createLabel="Create SIPCluster"
            createTestId="create-cluster"
            pending={create.isPending ? 'create' : dryRun.isPending ? 'dry-run' : undefined}
            onDryRun={() => {
              void kit.onSubmit((input) => {
                dryRun.mutate(input);
              })();
            }}
            cancelHref="/clusters"
          >
            One request to the API server: the SIPCluster is stored whole or not at all. The page then follows
            it until Ready.
          </SubmitBar>
        </aside>
      </FormKit>
    </section>
  );
}
