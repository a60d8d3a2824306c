'use client';

import { useTRPC } from '../trpc/trpc';
import { EditFormLoader } from '../ui/form-kit/edit-form-loader';
import { GroupFormPage } from './group-form-page';

/** The vRouter group form opened on a live group: its entry in its Manager. */
export function GroupEditPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const object = { namespace, name };
  return (
    <EditFormLoader
      query={trpc.contrail.groups.editForm.queryOptions(object)}
      object={object}
      path="/contrail/groups"
      kind="vRouter group"
    >
      {(target) => <GroupFormPage key={target.resourceVersion} edit={target} />}
    </EditFormLoader>
  );
}
