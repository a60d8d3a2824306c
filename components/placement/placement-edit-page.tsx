'use client';

import { useTRPC } from '../trpc/trpc';
import { EditFormLoader } from '../ui/form-kit/edit-form-loader';
import { PlacementFormPage } from './placement-form-page';

/** The PlacementAPI form opened on a live PlacementAPI. */
export function PlacementEditPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const object = { namespace, name };
  return (
    <EditFormLoader
      query={trpc.placement.editForm.queryOptions(object)}
      object={object}
      path="/placement"
      kind="PlacementAPI"
    >
      {(target) => <PlacementFormPage key={target.resourceVersion} edit={target} />}
    </EditFormLoader>
  );
}
