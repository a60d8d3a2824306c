import type { z } from 'zod';
import type { PlacementAPI } from '../../types/crds/placement-api';
import { isoTime } from '../iso-time';
import { compareReady, queryReadyRows, readyRowQuerySchema, type ReadyRowPage } from '../ready-row-query';
import { compareText } from '../../lib/natural-order';
import type { ReadyView } from '../ready-view';

/** One line of the PlacementAPI table. */
export interface PlacementRow {
  key: string;
  namespace: string;
  name: string;
  resourceVersion: string;
  /** Ready; when not True it carries the worst sub-condition's message (the controller copies it). */
  ready: ReadyView;
  replicas: { ready: number; desired: number };
  endpoints: { internal?: string; public?: string };
  createdAt?: string;
  deleting: boolean;
}

export function placementReady(placement: PlacementAPI): ReadyView {
  const condition = placement.status?.conditions?.find((c) => c.type === 'Ready');
  if (!condition) {
    return {
      status: 'Unknown',
      reason: 'NotReconciled',
      message: 'The PlacementAPI controller has not written a Ready condition yet',
      outdated: false,
    };
  }
  const generation = placement.metadata.generation;
  const observed = placement.status?.observedGeneration;
  return {
    status: condition.status,
    reason: condition.reason ?? '',
    message: condition.message ?? '',
    since: isoTime(condition.lastTransitionTime),
    outdated: generation !== undefined && observed !== undefined && observed < generation,
  };
}

export function buildPlacementRow(placement: PlacementAPI): PlacementRow {
  const { name = '', namespace = '', resourceVersion = '' } = placement.metadata;
  const endpoints = placement.status?.apiEndpoints ?? {};
  return {
    key: `${namespace}/${name}`,
    namespace,
    name,
    resourceVersion,
    ready: placementReady(placement),
    replicas: { ready: placement.status?.readyCount ?? 0, desired: placement.spec.replicas ?? 1 },
    endpoints: { internal: endpoints.internal, public: endpoints.public },
    createdAt: isoTime(placement.metadata.creationTimestamp),
    deleting: Boolean(placement.metadata.deletionTimestamp),
  };
}

export const PLACEMENT_SORT_KEYS = ['name', 'namespace', 'ready', 'age'] as const;
export type PlacementSortKey = (typeof PLACEMENT_SORT_KEYS)[number];
export const placementQuerySchema = readyRowQuerySchema(PLACEMENT_SORT_KEYS);
export type PlacementQuery = z.output<typeof placementQuerySchema>;
export type PlacementQueryInput = z.input<typeof placementQuerySchema>;
export type PlacementPage = ReadyRowPage<PlacementRow>;

const comparators: Record<PlacementSortKey, (a: PlacementRow, b: PlacementRow) => number> = {
  name: (a, b) => compareText(a.name, b.name),
  namespace: (a, b) => compareText(a.namespace, b.namespace),
  ready: compareReady,
  age: (a, b) => compareText(b.createdAt ?? '', a.createdAt ?? ''),
};

export function queryPlacements(rows: PlacementRow[], query: PlacementQuery): PlacementPage {
  return queryReadyRows(
    rows,
    query,
    (row) =>
      `${row.namespace}/${row.name} ${row.ready.reason} ${row.ready.message} ${row.endpoints.public ?? ''}`,
    comparators,
  );
}
