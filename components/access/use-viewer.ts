'use client';

import { useQuery } from '@tanstack/react-query';
import type { Role } from '@/server/access/access-rules';
import { useTRPC } from '../trpc/trpc';

export interface Viewer {
  /** Undefined until known, and for a wall screen: hide anything that needs a role until then. */
  role: Role | undefined;
  username: string | undefined;
}

/** The signed-in user, for hiding what their role cannot do (the server enforces it regardless). */
export function useViewer(): Viewer {
  const trpc = useTRPC();
  const me = useQuery(trpc.access.me.queryOptions(undefined, { staleTime: 60_000 }));
  const data = me.data;
  return data?.kind === 'user'
    ? { role: data.role, username: data.username }
    : { role: undefined, username: undefined };
}

const rank: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };

export function canAct(viewer: Viewer, needed: Role): boolean {
  return viewer.role !== undefined && rank[viewer.role] >= rank[needed];
}
