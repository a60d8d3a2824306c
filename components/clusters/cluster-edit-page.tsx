'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../trpc/trpc';
import { EditFormLoader } from '../ui/form-kit/edit-form-loader';
import { ClusterFormPage } from './cluster-form-page';

/** The tenant-cluster form opened on a live SIPCluster. */
export function ClusterEditPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const ref = { namespace, name };
  // Read once: the form must not reopen under the user when the cluster's status changes.
  const query = useQuery({
    ...trpc.clusters.editForm.queryOptions(ref),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  return (
    <EditFormLoader
      form={query.data}
      error={query.error}
      reload={() => {
        void query.refetch();
      }}
      object={ref}
      path="/clusters"
      kind="SIPCluster"
    >
      {(target) => <ClusterFormPage key={target.resourceVersion} edit={target} />}
    </EditFormLoader>
  );
}
