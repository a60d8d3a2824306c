'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { OverviewView } from '@/server/api/overview/overview-view';
import { useTRPC } from '../trpc/trpc';
import { useSecondsSince } from '../use-seconds-since';
import { KindCountGrid } from './kind-count-grid';

export function OverviewPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const overview = useQuery(trpc.overview.get.queryOptions());
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
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-slate-800 bg-slate-900 p-4">
          <div className="text-xs uppercase tracking-wide text-slate-400">Kubernetes API server</div>
          <div className="mt-1 font-mono text-lg" data-testid="server-version">
            {view.serverVersion}
          </div>
        </div>
        <div className="rounded-lg border border-slate-800 bg-slate-900 p-4">
          <div className="text-xs uppercase tracking-wide text-slate-400">Nodes ready</div>
          <div
            className={`mt-1 text-lg ${allReady ? 'text-emerald-300' : 'text-amber-300'}`}
            data-testid="nodes-ready"
          >
            {view.nodes.ready} / {view.nodes.total}
          </div>
        </div>
      </div>
      <KindCountGrid kinds={view.kinds} />
    </section>
  );
}
