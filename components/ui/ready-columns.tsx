'use client';

import { ConsoleLink } from '../console-link';
import type { ReadyView } from '@/server/api/ready-view';
import type { Column } from './data-table';
import { ageText } from './format';
import { objectHref } from './object-href';
import { ReadyCell } from './ready-status';
import { RowMenu, type MenuItem } from './row-menu';

/** A row of a ready-object table: a namespaced object with a Ready condition. */
export interface ReadyObjectRow {
  key: string;
  namespace: string;
  name: string;
  ready: ReadyView;
  deleting: boolean;
  createdAt?: string;
}

/**
 * The columns of a ready-object table. Every such table reads Name, Namespace, (`beforeReady`),
 * Ready, (`afterReady`), Age and a ⋮ menu; a kind says only what it adds.
 */
export interface ReadyColumns<R extends ReadyObjectRow> {
  /** data-testid of the name link, e.g. "placement-name". */
  nameTestId: string;
  /** CSS grid tracks of the Name and Ready columns (defaults `minmax(8rem,1fr)`, `minmax(14rem,2fr)`). */
  widths?: { name?: string; ready?: string };
  /** The kind's columns between Namespace and Ready. */
  beforeReady?: Column<R>[];
  /** The kind's columns between Ready and Age. */
  afterReady?: Column<R>[];
  /** Menu items after "Open details" (copy an endpoint, a link to related objects…). */
  menuItems?: (row: R) => MenuItem[];
}

/**
 * The Column list a ReadyColumns spec describes; names link to `${path}/<namespace>/<name>`, and
 * `onMenu` lets the table hold its order while a menu is open.
 */
export function readyColumns<R extends ReadyObjectRow>(
  path: string,
  spec: ReadyColumns<R>,
  now: number,
  onMenu: (open: boolean) => void,
): Column<R>[] {
  const href = (row: R) => objectHref(path, row);
  return [
    {
      id: 'name',
      header: 'Name',
      width: spec.widths?.name ?? 'minmax(8rem,1fr)',
      sortKey: 'name',
      cell: (row) => (
        <ConsoleLink
          href={href(row)}
          className="block truncate font-medium text-sky-300 hover:underline"
          data-testid={spec.nameTestId}
        >
          {row.name}
        </ConsoleLink>
      ),
    },
    {
      id: 'namespace',
      header: 'Namespace',
      width: 'minmax(6rem,0.7fr)',
      sortKey: 'namespace',
      cellClassName: 'truncate text-slate-300',
      cell: (row) => row.namespace,
    },
    ...(spec.beforeReady ?? []),
    {
      id: 'ready',
      header: 'Ready',
      width: spec.widths?.ready ?? 'minmax(14rem,2fr)',
      sortKey: 'ready',
      cell: (row) => <ReadyCell ready={row.ready} deleting={row.deleting} />,
    },
    ...(spec.afterReady ?? []),
    {
      id: 'age',
      header: 'Age',
      width: '3.5rem',
      sortKey: 'age',
      align: 'right',
      cellClassName: 'tabular-nums text-slate-300',
      cell: (row) => ageText(row.createdAt, now),
    },
    {
      id: 'menu',
      header: <span className="sr-only">Actions</span>,
      width: '2.25rem',
      cell: (row) => (
        <RowMenu
          label={`Actions for ${row.name}`}
          onOpenChange={onMenu}
          items={[{ kind: 'link', label: 'Open details', href: href(row) }, ...(spec.menuItems?.(row) ?? [])]}
        />
      ),
    },
  ];
}
