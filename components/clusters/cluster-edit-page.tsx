'use client';

import { useTRPC } from '../trpc/trpc';
import { EditFormLoader } from '../ui/form-kit/edit-form-loader';
import { ClusterFormPage } from './cluster-form-page';

/** The tenant-cluster form opened on a live SIPCluster. */
export function ClusterEditPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const object = { namespace, name };
  return (
    <EditFormLoader
      query={trpc.clusters.editForm.queryOptions(object)}
      object={object}
      path="/clusters"
      kind="SIPCluster"
    >
      {(target) => <ClusterFormPage key={target.resourceVersion} edit={target} />}
    </EditFormLoader>
  );
}
