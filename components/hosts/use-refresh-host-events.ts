import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../trpc/trpc';

/**
 * After a change the console asked for: the host's events are read again, for the Event that records who
 * asked (written after the change itself, so the host's watch event may have refetched them too early).
 */
export function useRefreshHostEvents(): (host: { namespace: string; name: string }) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return ({ namespace, name }) => {
    void queryClient.invalidateQueries({
      queryKey: trpc.hosts.events.queryKey({ namespace, name }),
    });
  };
}
