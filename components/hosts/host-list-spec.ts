import {
  HOST_SORT_KEYS,
  HOST_STATE_LABELS,
  type HostSortKey,
  type HostStateGroup,
} from '@/server/schemas/host-list';
import { CLAIM_VALUES } from '@/server/schemas/host-free';
import type { TableParamSpec } from '../ui/url-state';

const STATES = Object.keys(HOST_STATE_LABELS) as HostStateGroup[];

/** The hosts list's URL state; the rack view reads the same search and facets from its own URL. */
export const HOST_LIST_SPEC: TableParamSpec<HostSortKey> = {
  sortKeys: HOST_SORT_KEYS,
  defaultSort: 'name',
  facets: { state: STATES, rack: undefined, flavor: undefined, claim: CLAIM_VALUES },
};
