import type { AccessServices } from '../access/access-services';
import type { BootService } from '../boot/boot-service';
import { ControllerMetrics } from '../kube/controller-metrics';
import { keepAliveAgents } from '../kube/kube-request';
import type { ClusterConnection } from './connect-cluster';
import type { Caches } from './start-informers';

/** The process's metrics: the process, its API-server requests and caches, sessions, audit, boot. */
export function trackMetrics(
  cluster: ClusterConnection,
  { informers, secrets }: Caches,
  access: AccessServices,
  boot: BootService,
): ControllerMetrics {
  const metrics = new ControllerMetrics();
  metrics.trackProcess();
  metrics.trackKubeRequests(cluster.kc);
  metrics.trackInformers(informers.all());
  metrics.trackCache('kube-client-agents', {
    size: keepAliveAgents.size,
    evictions: () => keepAliveAgents.evictions,
  });
  metrics.trackCache('secret-values', { size: () => secrets.size, evictions: () => secrets.evictions });
  metrics.trackCache('sessions', access.sessions.memory);
  metrics.trackAuditDrops(() => access.audit.dropped());
  metrics.trackBootService({
    size: () => boot.store.size,
    evictions: () => boot.store.evictions,
    responses: () => boot.responses,
  });
  return metrics;
}
