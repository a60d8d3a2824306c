'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { OverviewView } from '@/server/api/overview/overview-view';
import { useTRPC } from '../trpc/trpc';
import { useSecondsSince } from '../ui/use-seconds-since';
import { KindCountGrid } from './kind-count-grid';
import { LostHardware } from './lost-hardware';
import { Capacity, Problems, RecentWarnings } from './overview-sections';

export function OverviewPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const overview = useQuery(trpc.overview.get.queryOptions());
  // The Lease and events are not in the informers: read again every few seconds while the page is open.
  const health = useQuery(trpc.overview.health.queryOptions(undefined, { refetchInterval: 5_000 }));
  useSubscription(
    trpc.overview.live.subscriptionOptions(undefined, {
      // setQueryData also stamps dataUpdatedAt, which drives "updated N s ago".
      onData: (view: OverviewView) => {
        queryClient.setQueryData(trpc.overview.get.queryKey(), view);
      },
    }),
  );
  const age = useSecondsSince(overview.data ? overview.dataUpdatedAt : undefined);

  if (overview.isError) {
    return (
      <p className="rounded border border-red-800 bg-red-950 p-4 text-red-200">{overview.error.message}</p>
    );
  }
  const view = overview.data;
  if (!view) return <p className="text-slate-400">Loading…</p>;

  const allReady = view.nodes.ready === view.nodes.total;
  return (
    <section className="space-y-6">
      <div className="flex items-baseline justify-between">
        <h1 className="text-2xl font-semibold">Overview</h1>
        <span className="text-xs text-slate-400" data-testid="updated-ago">
          {age === undefined ? '' : `updated ${age} s ago`}
        </span>
      </div>
      <Problems problems={view.problems} controllersProblem={health.data?.controllersProblem} />
      <LostHardware />
      <div className="grid gap-4 lg:grid-cols-2">
        <Capacity capacity={view.capacity} />
        <RecentWarnings warnings={health.data?.warnings} />
      </div>
      <details className="rounded-lg border border-slate-800 bg-slate-900/50 p-3 text-sm" open>
        <summary className="cursor-pointer text-xs font-semibold uppercase tracking-wide text-slate-400">
          Cluster and object counts
        </summary>
        <p className="mt-2 text-slate-300">
          Kubernetes API server{' '}
          <span className="font-mono" data-testid="server-version">
            {view.serverVersion}
          </span>
          {' · '}nodes ready{' '}
          <span className={allReady ? 'text-emerald-300' : 'text-amber-300'} data-testid="nodes-ready">
            {view.nodes.ready} / {view.nodes.total}
          </span>
        </p>
        <KindCountGrid kinds={view.kinds} />
      </details>
    </section>
  );
}
