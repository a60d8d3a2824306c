'use client';

import { ConsoleLink } from '../console-link';
import { Fragment, type ReactNode } from 'react';
import type { EventView } from '@/server/api/object-events';
import { EventsTimeline } from './detail-tables';
import { errorText } from './errors';
import { LiveFrame, UpdatedWithActions } from './live-status';
import { Empty, ErrorBox } from './panel';

/** "List / a / b": the list page links back; the last step is the page itself. */
export function Breadcrumb({ href, label, trail }: { href: string; label: string; trail: string[] }) {
  return (
    <nav className="text-sm text-slate-400" aria-label="Breadcrumb">
      <ConsoleLink href={href} className="hover:text-white">
        {label}
      </ConsoleLink>
      {trail.map((step, index) => (
        <Fragment key={index}>
          {' / '}
          <span className={index === trail.length - 1 ? 'text-slate-200' : undefined}>{step}</span>
        </Fragment>
      ))}
    </nav>
  );
}

/**
 * Breadcrumb, the object's name and kind, an optional status beside them, and how fresh the live
 * data is; `actions` (e.g. Delete) sit beside the freshness.
 */
export function DetailHeader({
  listHref,
  listLabel,
  kind,
  namespace,
  name,
  titleTestId,
  receivedAt,
  status,
  actions,
}: {
  listHref: string;
  listLabel: string;
  kind: string;
  namespace: string;
  name: string;
  titleTestId: string;
  receivedAt: number | undefined;
  status?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      <Breadcrumb href={listHref} label={listLabel} trail={[namespace, name]} />
      <div className="flex flex-wrap items-start gap-x-6 gap-y-2">
        <div>
          <h1 className="font-mono text-2xl font-semibold" data-testid={titleTestId}>
            {name}
          </h1>
          <p className="text-sm text-slate-400">
            {kind} in namespace {namespace}
          </p>
        </div>
        {status}
        <UpdatedWithActions at={receivedAt} actions={actions} />
      </div>
    </>
  );
}

/**
 * The body of a live detail page: the subscription's error, "not found" once the server said so,
 * the object (greyed while the socket is down), or "Loading…" until the first message.
 */
export function LiveDetail<T>({
  subscription,
  received,
  item,
  notFound,
  loading,
  children,
}: {
  subscription: { status: string; error: { message: string } | null };
  /** Whether the first message has arrived. */
  received: boolean;
  /** The object, once a message found it. */
  item: T | undefined;
  notFound: ReactNode;
  loading: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      {subscription.status === 'error' && <ErrorBox>{errorText(subscription.error)}</ErrorBox>}
      {received && item === undefined && <ErrorBox testId="not-found">{notFound}</ErrorBox>}
      {item !== undefined && (
        <LiveFrame>
          <div className="space-y-4">{children(item)}</div>
        </LiveFrame>
      )}
      {!received && subscription.status !== 'error' && <p className="text-sm text-slate-400">{loading}</p>}
    </>
  );
}

/** An object's events, read on demand: the error, the timeline, or "Loading events…". */
export function EventsBody({
  events,
}: {
  events: { isError: boolean; error: { message: string } | null; data: EventView[] | undefined };
}) {
  if (events.isError) return <ErrorBox>{errorText(events.error)}</ErrorBox>;
  return events.data ? <EventsTimeline events={events.data} /> : <Empty>Loading events…</Empty>;
}
