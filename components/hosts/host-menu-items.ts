/**
 * What the host menus offer: the host page's Actions menu and the hosts list's row menu (⋮), which
 * share the action, labels and delete entries. Pure: the pages render the items and open the dialogs.
 */
import type { HostRow } from '@/server/api/hosts/host-row';
import {
  HOST_ACTION_LABELS,
  offeredActions,
  type HostAction,
  type HostActionState,
} from '@/server/schemas/host-actions';
import type { MenuItem } from '../ui/row-menu';

/** A host as the dialogs need it: which one, and the state the offer was made on. */
export interface HostTarget {
  namespace: string;
  name: string;
  resourceVersion: string;
  state: HostActionState;
  /** Known on the host page; the labels dialog opened from the list reads them when it opens. */
  labels?: Record<string, string>;
}

export function hostTarget(row: HostRow, labels?: Record<string, string>): HostTarget {
  return {
    namespace: row.namespace,
    name: row.name,
    resourceVersion: row.resourceVersion,
    state: { ...row.status, claimed: row.notFree?.kind === 'claimed' },
    labels,
  };
}

export type OpenDialog =
  | { kind: 'action'; action: HostAction; hosts: HostTarget[] }
  | { kind: 'labels'; host: HostTarget }
  | { kind: 'delete'; host: HostTarget };

export function hostHref(row: { namespace: string; name: string }): string {
  return `/hosts/${encodeURIComponent(row.namespace)}/${encodeURIComponent(row.name)}`;
}

export function clusterHref(cluster: { namespace: string; name: string }): string {
  return `/clusters/${encodeURIComponent(cluster.namespace)}/${encodeURIComponent(cluster.name)}`;
}

/** The menu entries for one host: the actions its state offers, then labels and delete. */
export function hostMenuItems(host: HostTarget, open: (dialog: OpenDialog) => void): MenuItem[] {
  return [
    ...offeredActions(host.state).map((action): MenuItem => ({
      kind: 'action',
      label: `${HOST_ACTION_LABELS[action]}…`,
      onSelect: () => {
        open({ kind: 'action', action, hosts: [host] });
      },
    })),
    {
      kind: 'action',
      label: 'Edit labels…',
      onSelect: () => {
        open({ kind: 'labels', host });
      },
    },
    {
      kind: 'action',
      label: 'Delete…',
      danger: true,
      separated: true,
      onSelect: () => {
        open({ kind: 'delete', host });
      },
    },
  ];
}

/**
 * A hosts-list row's ⋮ menu: links and copies for everyone, then (with `open`, for operators and up)
 * the same entries as the host page's Actions menu, set apart.
 */
export function hostRowMenuItems(row: HostRow, open?: (dialog: OpenDialog) => void): MenuItem[] {
  const items: MenuItem[] = [
    { kind: 'link', label: 'Open details', href: hostHref(row) },
    { kind: 'copy', label: 'Copy name', text: row.name },
  ];
  if (row.bootMac) items.push({ kind: 'copy', label: 'Copy boot MAC', text: row.bootMac });
  if (row.bmc) items.push({ kind: 'copy', label: 'Copy BMC address', text: row.bmc.address });
  if (row.tenant) items.push({ kind: 'link', label: 'Open tenant cluster', href: clusterHref(row.tenant) });
  if (open) {
    const [first, ...rest] = hostMenuItems(hostTarget(row), open);
    if (first?.kind === 'action') items.push({ ...first, separated: true }, ...rest);
  }
  return items;
}
