import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reads a query again after a change the user just made. A first load still in flight may have read
 * before the change, and TanStack would join it rather than start again, so the list would miss what
 * was just made: it is cancelled first.
 */
export async function refetchAfterChange(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
