'use client';

import { useQuery } from '@tanstack/react-query';
import { roleAtLeast, type Role } from '@/server/schemas/roles';
import { useTRPC } from '../trpc/trpc';
import { useHydrated } from './use-hydrated';

export interface Viewer {
  /** Undefined until known, and for a wall screen: hide anything that needs a role until then. */
  role: Role | undefined;
  username: string | undefined;
}

/** The signed-in user, for hiding what their role cannot do (the server enforces it regardless). */
export function useViewer(): Viewer {
  const trpc = useTRPC();
  const me = useQuery(trpc.access.me.queryOptions(undefined, { staleTime: 60_000 }));
  // The server renders for nobody; the first client render of each component must too.
  const data = useHydrated() ? me.data : undefined;
  return data?.kind === 'user'
    ? { role: data.role, username: data.username }
    : { role: undefined, username: undefined };
}

export function canAct(viewer: Viewer, needed: Role): boolean {
  return viewer.role !== undefined && roleAtLeast(viewer.role, needed);
}
