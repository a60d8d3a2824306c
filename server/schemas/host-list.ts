/** Vocabulary of the hosts list, shared by the server views and the page (pure values only). */

/** Status groups, in the order the state facet and the status sort use. */
export const HOST_STATE_GROUPS = [
  'error',
  'registering',
  'inspecting',
  'preparing',
  'provisioning',
  'deprovisioning',
  'deleting',
  'available',
  'provisioned',
  'externally-provisioned',
  'detached',
  'unmanaged',
  'none',
] as const;
export type HostStateGroup = (typeof HOST_STATE_GROUPS)[number];

export const HOST_STATE_LABELS: Record<HostStateGroup, string> = {
  error: 'Error',
  registering: 'Registering',
  inspecting: 'Inspecting',
  preparing: 'Preparing',
  provisioning: 'Provisioning',
  deprovisioning: 'Deprovisioning',
  deleting: 'Deleting',
  available: 'Available',
  provisioned: 'Provisioned',
  'externally-provisioned': 'Externally provisioned',
  detached: 'Detached',
  unmanaged: 'Unmanaged',
  none: 'No status yet',
};

/** Columns the hosts list can be sorted by. */
export const HOST_SORT_KEYS = [
  'name',
  'namespace',
  'status',
  'tenant',
  'rack',
  'flavor',
  'bmc',
  'mac',
  'age',
] as const;
export type HostSortKey = (typeof HOST_SORT_KEYS)[number];

/** Facets whose values are the fleet's own (racks, flavors): hundreds at fleet scale. */
export const OPEN_FACETS = ['rack', 'flavor'] as const;
export type OpenFacet = (typeof OPEN_FACETS)[number];
