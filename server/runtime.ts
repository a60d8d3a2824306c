import type { AccessServices } from './access/access-services';
import type { BootService } from './boot/boot-service';
import type { KubeConfig, V1CustomResourceDefinition } from '@kubernetes/client-node';
import type { DbClient } from './db/client';
import type { ReadinessMonitor } from './health';
import type { ControllerManager } from './kube/controller-manager';
import type { ControllerMetrics } from './kube/controller-metrics';
import type { EventRecorder } from './kube/events';
import type { AccessReviewCache } from './kube/access-review-cache';
import type { InformerSet } from './kube/informer-set';
import type { CrdInstallOutcome } from './kube/install-crds';
import type { SecretValues } from './kube/secret-values';
import type { RackSettings } from './schemas/rack-settings';
import type { LiveMessage } from './types/live-message';

/** Everything one server process holds; built once by server/main.ts and shared by every handler. */
export interface Runtime {
  kc: KubeConfig;
  db: DbClient;
  informers: InformerSet;
  /** The one way to a Secret's value: the informer caches Secrets by metadata only. */
  secrets: SecretValues;
  crds: V1CustomResourceDefinition[];
  /** CRDs of ours another installer owns, or that serve a version ours lacks: left as they are. */
  crdsLeftAlone: CrdInstallOutcome[];
  serverVersion: string;
  startedAt: Date;
  metrics: ControllerMetrics;
  controllers: ControllerManager;
  /** The Lease whose holder runs the controllers; the overview reports when nobody holds it. */
  controllersLease: { namespace: string; name: string };
  access: AccessServices;
  boot: BootService;
  /** What /api/readyz answers, computed in the background. */
  readiness: ReadinessMonitor;
  /** Next's build id ('development' in dev mode): a wall that sees it change reloads itself. */
  buildId: string;
  /** Live views built once per change for every socket that shows the same one. */
  liveViews: LiveViews;
  /** Events the console writes for what an operator did (reportingController rackpilot.io/console). */
  consoleEvents: EventRecorder;
  /** Where the rack view reads a host's slot and height, and how tall a rack is. */
  racks: RackSettings;
  /** Mutations go to the API server as the signed-in user (RACKPILOT_IMPERSONATE=1), `kc` acting as them. */
  impersonate: boolean;
  /**
   * With impersonation on, the API server's answers to "may this user list this kind in this namespace",
   * by which their lists and live views are filtered (server/api/reviewed-scope.ts).
   */
  accessReviews?: AccessReviewCache;
}

export interface LiveViewOptions {
  intervalMs?: number;
  heartbeatMs?: number;
  /** Interval per subscriber, when that is longer: for a view whose audience can wait. */
  perSubscriberMs?: number;
  /**
   * What tells two builds apart, instead of their JSON: for a view too large to serialise on every
   * change, whose subscribers send only what changed (the rack view). The view is then never sent as
   * built, so its JSON is not kept for the frames either.
   */
  fingerprint?: (view: never) => string;
}

/**
 * What a router asks of the shared live views (built by server/api/shared-live-view.ts): the view of
 * `key`, built by `build` after each change `subscribe` reports, sent to every subscriber of that key.
 */
export interface LiveViews {
  view<T>(
    key: string,
    subscribe: (onChange: () => void) => () => void,
    build: () => T,
    signal: AbortSignal | undefined,
    options?: LiveViewOptions,
  ): AsyncGenerator<LiveMessage<T>>;
}

// Next bundles route handlers separately from server/main.ts, so module state is not shared between
// them; a global symbol is the one place both see.
const slot = Symbol.for('rackpilot.runtime');
type Global = typeof globalThis & { [slot]?: Runtime };

export function setRuntime(runtime: Runtime | undefined): void {
  (globalThis as Global)[slot] = runtime;
}

export function getRuntime(): Runtime | undefined {
  return (globalThis as Global)[slot];
}
