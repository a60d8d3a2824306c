import { bareMetalHostsRouter } from './bare-metal-hosts/bare-metal-hosts-router';
import { overviewRouter } from './overview/overview-router';
import { tenantClustersRouter } from './tenant-clusters/tenant-clusters-router';
import { router } from './trpc';

export const appRouter = router({
  overview: overviewRouter,
  bareMetalHosts: bareMetalHostsRouter,
  tenantClusters: tenantClustersRouter,
});

export type AppRouter = typeof appRouter;
