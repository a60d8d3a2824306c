'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../trpc/trpc';
import { EditFormLoader } from '../ui/form-kit/edit-form-loader';
import { IronicFormPage } from './ironic-form-page';

/** The Ironic form opened on a live Ironic. */
export function IronicEditPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const ref = { namespace, name };
  // Read once: the form must not reopen under the user when the Ironic's status changes.
  const query = useQuery({
    ...trpc.ironic.editForm.queryOptions(ref),
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
      path="/ironic"
      kind="Ironic"
    >
      {(target) => <IronicFormPage key={target.resourceVersion} edit={target} />}
    </EditFormLoader>
  );
}
