import { accessRouter } from './access/access-router';
import { bulkRouter } from './bulk/bulk-router';
import { bootProfilesRouter } from './boot-profiles/boot-profiles-router';
import { hostsRouter } from './hosts/hosts-router';
import { firmwareRouter } from './firmware/firmware-router';
import { inspectionRouter } from './inspection/inspection-router';
import { contrailRouter } from './contrail/contrail-router';
import { ironicRouter } from './ironic/ironic-router';
import { namespacesRouter } from './namespaces/namespaces-router';
import { hardwareRouter } from './hardware/hardware-router';
import { overviewRouter } from './overview/overview-router';
import { plunderClustersRouter } from './plunder-clusters/plunder-clusters-router';
import { placementRouter } from './placement/placement-router';
import { racksRouter } from './racks/racks-router';
import { clustersRouter } from './clusters/clusters-router';
import { router } from './trpc';
import { wallRouter } from './wall/wall-router';

export const appRouter = router({
  access: accessRouter,
  overview: overviewRouter,
  hosts: hostsRouter,
  firmware: firmwareRouter,
  inspection: inspectionRouter,
  bulk: bulkRouter,
  clusters: clustersRouter,
  ironic: ironicRouter,
  placement: placementRouter,
  contrail: contrailRouter,
  wall: wallRouter,
  hardware: hardwareRouter,
  plunderClusters: plunderClustersRouter,
  bootProfiles: bootProfilesRouter,
  racks: racksRouter,
  namespaces: namespacesRouter,
});

export type AppRouter = typeof appRouter;
