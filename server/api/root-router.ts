import { accessRouter } from './access/access-router';
import { bareMetalHostsRouter } from './bare-metal-hosts/bare-metal-hosts-router';
import { hardwareRouter } from './hardware/hardware-router';
import { overviewRouter } from './overview/overview-router';
import { tenantClustersRouter } from './tenant-clusters/tenant-clusters-router';
import { router } from './trpc';

export const appRouter = router({
  access: accessRouter,
  overview: overviewRouter,
  bareMetalHosts: bareMetalHostsRouter,
  tenantClusters: tenantClustersRouter,
  hardware: hardwareRouter,
});

export type AppRouter = typeof appRouter;
