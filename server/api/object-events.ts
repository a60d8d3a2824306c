import type { KubeConfig } from '@kubernetes/client-node';
import { kubeGetJson } from '../kube/kube-request';

/** On the console's own events: the user who asked for what the event records. */
export const ACTOR_ANNOTATION = 'rackpilot.io/actor';

/** The fields of an events.k8s.io/v1 Event this console reads. */
export interface KubeEvent {
  metadata?: {
    uid?: string;
    name?: string;
    creationTimestamp?: string;
    annotations?: Record<string, string>;
  };
  type?: string;
  reason?: string;
  note?: string;
  action?: string;
  reportingController?: string;
  reportingInstance?: string;
  eventTime?: string | null;
  series?: { count?: number; lastObservedTime?: string };
  deprecatedCount?: number;
  deprecatedFirstTimestamp?: string | null;
  deprecatedLastTimestamp?: string | null;
  deprecatedSource?: { component?: string };
  regarding?: { kind?: string; name?: string; namespace?: string; uid?: string };
}

export interface EventView {
  uid: string;
  type: string;
  reason: string;
  note: string;
  action?: string;
  source?: string;
  /** Who asked, on events the console wrote for an operator's action. */
  actor?: string;
  count: number;
  firstTime?: string;
  lastTime?: string;
}

export const EVENT_LIMIT = 200;

function iso(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Newest first, at most EVENT_LIMIT of them. */
export function newestFirst(views: EventView[]): EventView[] {
  return views
    .sort((a, b) => (b.lastTime ?? '').localeCompare(a.lastTime ?? '') || a.uid.localeCompare(b.uid))
    .slice(0, EVENT_LIMIT);
}

/** Newest first; one line per event series, with its count. */
export function buildEventViews(events: KubeEvent[]): EventView[] {
  return newestFirst(
    events.map((event, index) => {
      const first =
        iso(event.eventTime) ?? iso(event.deprecatedFirstTimestamp) ?? iso(event.metadata?.creationTimestamp);
      return {
        uid: event.metadata?.uid ?? event.metadata?.name ?? String(index),
        type: event.type ?? 'Normal',
        reason: event.reason ?? '',
        note: event.note ?? '',
        action: event.action || undefined,
        source: event.reportingController || event.deprecatedSource?.component || undefined,
        actor: event.metadata?.annotations?.[ACTOR_ANNOTATION] || undefined,
        count: event.series?.count ?? event.deprecatedCount ?? 1,
        firstTime: first,
        lastTime: iso(event.series?.lastObservedTime) ?? iso(event.deprecatedLastTimestamp) ?? first,
      };
    }),
  );
}

/** One page of events is this long; a read takes at most `EVENT_PAGES` of them. */
const EVENT_PAGE = 500;
const EVENT_PAGES = 4;

/** The namespace's events a field selector picks, in pages, at most EVENT_PAGES × EVENT_PAGE of them. */
async function listEvents(kc: KubeConfig, namespace: string, fieldSelector: string): Promise<KubeEvent[]> {
  const path = `/apis/events.k8s.io/v1/namespaces/${encodeURIComponent(namespace)}/events`;
  const events: KubeEvent[] = [];
  let next: string | undefined;
  for (let page = 0; page < EVENT_PAGES; page++) {
    const list = await kubeGetJson<{ items?: KubeEvent[]; metadata?: { continue?: string } }>(
      kc,
      path,
      { fieldSelector, limit: EVENT_PAGE, ...(next ? { continue: next } : {}) },
      10_000,
    );
    events.push(...(list.items ?? []));
    next = list.metadata?.continue;
    if (!next) break;
  }
  return events;
}

/** Events whose `regarding` is the object with this uid, read from the API server on demand. */
export async function fetchObjectEvents(
  kc: KubeConfig,
  namespace: string,
  uid: string,
): Promise<EventView[]> {
  if (!uid) return [];
  return buildEventViews(await listEvents(kc, namespace, `regarding.uid=${uid}`));
}

/**
 * Events about any of these objects of one kind, in one read of that kind's events (not one per
 * object); each note starts with the name of the object it is about.
 */
export async function fetchKindEvents(
  kc: KubeConfig,
  namespace: string,
  kind: string,
  uids: ReadonlySet<string>,
): Promise<EventView[]> {
  if (uids.size === 0) return [];
  const events = await listEvents(kc, namespace, `regarding.kind=${kind}`);
  return buildEventViews(
    events
      .filter((event) => uids.has(event.regarding?.uid ?? ''))
      .map((event) => ({ ...event, note: `${event.regarding?.name ?? ''}: ${event.note ?? ''}` })),
  );
}
