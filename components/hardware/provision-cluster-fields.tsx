'use client';

import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import type { ClusterOption } from '@/server/schemas/provision-form';
import { CreateNamespaceOffer } from '../ui/form-kit/create-namespace-offer';
import { Field } from '../ui/form-kit/field';
import { useRequiredFormKit } from '../ui/form-kit/form-kit-context';
import { Select, TextInput } from '../ui/form-kit/inputs';
import { NEW_CLUSTER } from './provision-form-state';

const key = (cluster: ClusterOption) => `${cluster.namespace}/${cluster.name}`;

/**
 * The Plunder cluster: an existing PlunderCluster with its subnet and free addresses, or a new one
 * described inline. Until the operator picks one, the first cluster, or "new" when there is none.
 */
export function ProvisionClusterFields({
  clusters,
  chosen,
}: {
  clusters: ClusterOption[] | undefined;
  chosen: string;
}) {
  const { form } = useRequiredFormKit();
  const namespace = useWatch({ control: form.control, name: 'namespace' }) as string;
  useEffect(() => {
    if (!clusters || form.getValues('cluster') !== '') return;
    const first = clusters[0];
    form.setValue('cluster', first ? key(first) : NEW_CLUSTER);
  }, [clusters, form]);
  return (
    <fieldset className="grid grid-cols-2 gap-3">
      <legend className="sr-only">The machines' Plunder cluster</legend>
      <Field label="Plunder cluster" path="cluster" className="col-span-2">
        <Select path="cluster" disabled={!clusters}>
          {!clusters && <option value="">Loading clusters…</option>}
          {clusters?.map((cluster) => (
            <option key={key(cluster)} value={key(cluster)}>
              {key(cluster)}
              {cluster.subnet ? ` · ${cluster.subnet}` : ''}
              {cluster.freeAddresses !== null ? ` · ${cluster.freeAddresses} free` : ''}
            </option>
          ))}
          {clusters && <option value={NEW_CLUSTER}>New cluster…</option>}
        </Select>
      </Field>
      {chosen === NEW_CLUSTER && (
        <>
          <Field label="Namespace" path="namespace">
            <TextInput path="namespace" />
            <CreateNamespaceOffer namespace={namespace} />
          </Field>
          <Field label="Cluster name" path="name">
            <TextInput path="name" placeholder="e.g. tenant-a" />
          </Field>
          <Field label="Subnet" path="subnet" hint="Machine addresses come from it">
            <TextInput path="subnet" placeholder="e.g. 10.0.0.0/24" />
          </Field>
          <Field label="Gateway (optional)" path="gateway">
            <TextInput path="gateway" placeholder="e.g. 10.0.0.1" />
          </Field>
          <Field label="Pool start (optional)" path="poolStart">
            <TextInput path="poolStart" placeholder="e.g. 10.0.0.20" />
          </Field>
          <Field label="Pool end (optional)" path="poolEnd">
            <TextInput path="poolEnd" placeholder="e.g. 10.0.0.99" />
          </Field>
        </>
      )}
    </fieldset>
  );
}
