'use client';

import { useState } from 'react';
import type { HostDetailView } from '@/server/api/hosts/host-detail';
import { canAct, useViewer } from '../access/use-viewer';
import { RowMenu } from '../ui/row-menu';
import { HostActionDialog } from './host-action-dialogs';
import { hostMenuItems, hostTarget, type OpenDialog } from './host-menu-items';

/** The host page's "Actions" menu, for operators and up (the server refuses anyone else anyway). */
export function HostActionsMenu({ host }: { host: HostDetailView }) {
  const viewer = useViewer();
  const [dialog, setDialog] = useState<OpenDialog>();
  if (!canAct(viewer, 'operator')) return null;
  const labels = Object.fromEntries(host.labels.map((label) => [label.key, label.value]));
  return (
    <>
      <RowMenu
        trigger="Actions"
        label={`Actions for ${host.row.name}`}
        testId="host-actions"
        items={hostMenuItems(hostTarget(host.row, labels), setDialog)}
      />
      {dialog && (
        <HostActionDialog
          dialog={dialog}
          onClose={() => {
            setDialog(undefined);
          }}
        />
      )}
    </>
  );
}
