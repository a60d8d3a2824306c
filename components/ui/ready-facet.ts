import type { FacetGroup, FacetOption } from './facet-bar';

const READY_LABELS: Record<string, string> = { True: 'Ready', False: 'Not ready', Unknown: 'Pending' };

/** The Ready facet of a list of objects with a Ready condition (SIPClusters, Ironics, PlacementAPIs). */
export function readyFacet(
  page: { facets: { ready: FacetOption[] } } | undefined,
  params: { facets: Record<string, string[]> },
): FacetGroup {
  return {
    name: 'ready',
    title: 'Ready',
    selected: params.facets.ready ?? [],
    options: (page?.facets.ready ?? []).map((option) => ({
      ...option,
      label: READY_LABELS[option.value],
    })),
  };
}
