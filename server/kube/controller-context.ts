import type { KubeConfig } from '@kubernetes/client-node';
import type { ControllerMetrics } from './controller-metrics';
import type { EventRecorder } from './events';
import type { InformerSet } from './informer-set';
import type { ResourceDescriptor } from './resource';
import type { SecretValues } from './secret-values';

/** What every reconcile may use: caches to read, and the client, recorder and metrics to act. */
export interface ControllerContext {
  kc: KubeConfig;
  informers: InformerSet;
  /** Secret values (the Secret informer holds metadata only): read ahead of a planner, see planWithSecrets. */
  secrets: SecretValues;
  metrics: ControllerMetrics;
  events: EventRecorder;
  log: (line: string) => void;
  /** The controller this context serves: its name labels metrics, and only what it owns is pruned. */
  controller: { name: string; owns: ResourceDescriptor[] };
}
