'use client';

import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { HostRow } from '@/server/api/hosts/host-row';
import type { RackHostView } from '@/server/api/racks/rack-view';
import { useTRPC } from '../trpc/trpc';

/**
 * The hosts-list row of a box's host, asked for when the bar or the card shows it: the boxes carry only
 * what they draw. Asked again when the host's version moves; until the answer, the row before it.
 */
export function useHostRow(host: RackHostView | undefined): HostRow | undefined {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.racks.host.queryOptions(
      host
        ? { namespace: host.namespace, name: host.name, resourceVersion: host.resourceVersion }
        : skipToken,
      { placeholderData: keepPreviousData, staleTime: Infinity },
    ),
  );
  const row = query.data ?? undefined;
  return row && row.key === host?.key ? row : undefined;
}
