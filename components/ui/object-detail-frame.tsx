'use client';

import { ConsoleLink } from '../console-link';
import { useState, type ReactNode } from 'react';
import type { ConditionView } from '@/server/api/hosts/host-detail';
import type { OwnedServicesView } from '@/server/api/owned-workloads';
import type { ReadyView } from '@/server/api/ready-view';
import { RequireRole } from '../access/require-role';
import { DeleteObjectButton } from './delete-object-button';
import { DetailHeader, EventsBody, LiveDetail } from './detail-page';
import { ConditionsTable } from './detail-tables';
import { OwnedObjects } from './owned-objects';
import { Panel } from './panel';
import { ReadyBanner } from './ready-status';
import type { ObjectDetail } from './use-object-detail';

/** The least a detail view of a ready object carries: its row's Ready and whether it is going away. */
export interface ReadyDetailItem {
  row: { ready: ReadyView; deleting: boolean };
}

/**
 * The detail page of a namespaced object with a Ready condition: breadcrumb, name and kind,
 * freshness and Delete (operators), then the Ready banner, the kind's own `children`, the objects
 * it created, its conditions and its events; "Loading…", "not found" (or "has been deleted" after a
 * Delete from here) and the subscription's error in place of the body.
 */
export function ObjectDetailFrame<T extends ReadyDetailItem>({
  path,
  listLabel,
  backText,
  kind,
  titleTestId,
  detail,
  loading,
  deletion,
  edit,
  banner,
  owned,
  conditions,
  children,
  absent,
}: {
  /** The list's path ("/placement"), linked from the breadcrumb and the not-found message. */
  path: string;
  /** The breadcrumb's first step ("Placement"). */
  listLabel: string;
  /** The not-found message's link back to the list; default `Back to <listLabel>`. */
  backText?: string;
  /** The kind in the console's words: the API's name ("PlacementAPI") unless the console says it otherwise ("vRouter group"). */
  kind: string;
  /** data-testid of the heading. */
  titleTestId: string;
  /** From useObjectDetail. */
  detail: ObjectDetail<T>;
  /** Shown until the first message ("Loading PlacementAPI…"). */
  loading: string;
  /**
   * The Delete button (operators): its data-testid, the dialog's title (default `Delete <kind> <name>?`),
   * what goes with the object, and the call when it is not the kind's plain `delete` (an option chosen in `text`).
   */
  deletion: { testId: string; title?: string; text: ReactNode; remove?: () => Promise<unknown> };
  /** An Edit link (operators) to the kind's form opened on this object. */
  edit?: { href: string; testId: string };
  /** The Ready banner's words while deleting and when written for an older spec generation. */
  banner: { deletingText: string; outdatedText: string };
  /** An "Objects it created" panel; omitted when the kind shows them elsewhere. */
  owned?: { testId: string; emptyText: string; of: (item: T) => OwnedServicesView | undefined };
  /** A Conditions panel. */
  conditions?: (item: T) => ConditionView[];
  /** The kind's own panels, between the banner and the owned objects. */
  children: (item: T) => ReactNode;
  /** Said in place of "not found" when the kind knows why the object does not exist yet. */
  absent?: ReactNode;
}) {
  const [deleteRequested, setDeleteRequested] = useState(false);
  const { item } = detail;
  const { namespace, name } = detail.ref;
  const ref = `${namespace}/${name}`;
  return (
    <section className="space-y-4">
      <DetailHeader
        listHref={path}
        listLabel={listLabel}
        kind={kind}
        namespace={namespace}
        name={name}
        titleTestId={titleTestId}
        receivedAt={detail.receivedAt}
        actions={
          item &&
          !item.row.deleting && (
            <RequireRole role="operator">
              {edit && (
                <ConsoleLink
                  href={edit.href}
                  data-testid={edit.testId}
                  className="rounded-md border border-slate-700 px-3 py-1.5 text-sm text-slate-200 hover:bg-slate-800"
                >
                  Edit
                </ConsoleLink>
              )}
              <DeleteObjectButton
                testId={deletion.testId}
                title={deletion.title ?? `Delete ${kind} ${name}?`}
                actionLabel={`Delete ${kind}`}
                name={name}
                remove={async () => {
                  await (deletion.remove ?? detail.remove)();
                  setDeleteRequested(true);
                }}
              >
                {deletion.text}
              </DeleteObjectButton>
            </RequireRole>
          )
        }
      />
      <LiveDetail
        subscription={detail.subscription}
        received={detail.received}
        item={item}
        loading={loading}
        notFound={
          <>
            {deleteRequested
              ? `${kind} ${ref} has been deleted.`
              : (absent ??
                `No ${kind} ${ref}. It may have been deleted; this page shows it if it is created.`)}{' '}
            <ConsoleLink href={path} className="underline">
              {backText ?? `Back to ${listLabel}`}
            </ConsoleLink>
          </>
        }
      >
        {(item) => (
          <>
            <ReadyBanner row={item.row} {...banner} />
            {children(item)}
            {owned && (
              <Panel title="Objects it created" testId={owned.testId}>
                <OwnedObjects owned={owned.of(item)} emptyText={owned.emptyText} />
              </Panel>
            )}
            {conditions && (
              <Panel title="Conditions">
                <ConditionsTable conditions={conditions(item)} />
              </Panel>
            )}
            <Panel title="Events">
              <EventsBody events={detail.events} />
            </Panel>
          </>
        )}
      </LiveDetail>
    </section>
  );
}
