'use client';

import { useTRPC } from '../trpc/trpc';
import { EditFormLoader } from '../ui/form-kit/edit-form-loader';
import { IronicFormPage } from './ironic-form-page';

/** The Ironic form opened on a live Ironic. */
export function IronicEditPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const object = { namespace, name };
  return (
    <EditFormLoader
      query={trpc.ironic.editForm.queryOptions(object)}
      object={object}
      path="/ironic"
      kind="Ironic"
    >
      {(target) => <IronicFormPage key={target.resourceVersion} edit={target} />}
    </EditFormLoader>
  );
}
