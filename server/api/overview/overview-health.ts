import type { V1Lease } from '@kubernetes/client-node';
import type { NamespaceScope } from '../../access/namespace-scope';
import { itemsInScope } from '../../access/scope-filters';
import type { Runtime } from '../../runtime';
import { kubeGetJson } from '../../kube/kube-request';
import { buildEventViews, type EventView, type KubeEvent } from '../object-events';
import { recoveredSince } from './recovered-warnings';

export interface WarningEventView extends EventView {
  regarding?: { kind: string; namespace: string; name: string };
}

export interface OverviewHealth {
  /** Why no replica runs the controllers, or undefined when one does. */
  controllersProblem?: string;
  /** The newest Warning events across kinds, but those whose object has recovered since. */
  warnings: WarningEventView[];
}

const WARNINGS_SHOWN = 10;

/** Nobody holds the controllers' Lease, or its holder stopped renewing it. Pure. */
export function leaseProblem(lease: V1Lease | undefined, now: number): string | undefined {
  const holder = lease?.spec?.holderIdentity;
  if (!lease || !holder) return 'no replica holds the controllers’ lease: the controllers run nowhere';
  const renewed = lease.spec?.renewTime ? new Date(lease.spec.renewTime).getTime() : 0;
  const duration = (lease.spec?.leaseDurationSeconds ?? 15) * 1000;
  if (now - renewed > duration) {
    return `the controllers’ leader ${holder} stopped renewing its lease ${Math.round((now - renewed) / 1000)} s ago`;
  }
  return undefined;
}

/** The object a warning is about, as the caches hold it now (undefined when its kind is not cached). */
function cachedObject(runtime: Runtime, about: KubeEvent['regarding']) {
  if (!about?.kind || !about.name) return undefined;
  const informer = runtime.informers.all().find((candidate) => candidate.resource.kind === about.kind);
  return informer?.get(about.name, about.namespace || undefined);
}

/**
 * What the informers do not hold: the controllers' Lease and recent Warning events, read from the API
 * server when asked (the page asks every few seconds). A caller bound to some namespaces gets the
 * warnings about their namespaces' objects only (events live in the namespace of the object they are
 * about); whether the controllers run is the console's own state and names no namespace.
 */
export async function overviewHealth(runtime: Runtime, scope: NamespaceScope): Promise<OverviewHealth> {
  const { namespace, name } = runtime.controllersLease;
  const [lease, events] = await Promise.all([
    kubeGetJson<V1Lease>(
      runtime.kc,
      `/apis/coordination.k8s.io/v1/namespaces/${namespace}/leases/${name}`,
    ).catch((error: unknown) => {
      if ((error as { status?: number }).status === 404) return undefined;
      throw error;
    }),
    kubeGetJson<{ items: KubeEvent[] }>(runtime.kc, '/apis/events.k8s.io/v1/events', {
      fieldSelector: 'type=Warning',
      limit: 500,
    }),
  ]);
  const regarding = new Map(
    events.items.map((event) => [event.metadata?.uid ?? event.metadata?.name ?? '', event.regarding]),
  );
  return {
    controllersProblem: runtime.controllers.active ? undefined : leaseProblem(lease, Date.now()),
    // The newest 200, then those whose object recovered since are left out.
    warnings: buildEventViews(itemsInScope(scope, events.items, (event) => event.regarding?.namespace))
      .filter((event) => !recoveredSince(cachedObject(runtime, regarding.get(event.uid)), event.lastTime))
      .slice(0, WARNINGS_SHOWN)
      .map((event) => {
        const about = regarding.get(event.uid);
        return {
          ...event,
          regarding: about?.kind
            ? { kind: about.kind, namespace: about.namespace ?? '', name: about.name ?? '' }
            : undefined,
        };
      }),
  };
}
