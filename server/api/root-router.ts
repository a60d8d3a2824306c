import { accessRouter } from './access/access-router';
import { bootProfilesRouter } from './boot-profiles/boot-profiles-router';
import { bareMetalHostsRouter } from './bare-metal-hosts/bare-metal-hosts-router';
import { contrailRouter } from './contrail/contrail-router';
import { ironicRouter } from './ironic/ironic-router';
import { hardwareRouter } from './hardware/hardware-router';
import { overviewRouter } from './overview/overview-router';
import { placementRouter } from './placement/placement-router';
import { racksRouter } from './racks/racks-router';
import { tenantClustersRouter } from './tenant-clusters/tenant-clusters-router';
import { router } from './trpc';
import { wallRouter } from './wall/wall-router';

export const appRouter = router({
  access: accessRouter,
  overview: overviewRouter,
  bareMetalHosts: bareMetalHostsRouter,
  tenantClusters: tenantClustersRouter,
  ironic: ironicRouter,
  placement: placementRouter,
  contrail: contrailRouter,
  wall: wallRouter,
  hardware: hardwareRouter,
  bootProfiles: bootProfilesRouter,
  racks: racksRouter,
});

export type AppRouter = typeof appRouter;
