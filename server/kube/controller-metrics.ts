import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Informer } from './informer';
import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { observeKubeRequests } from './kube-request';

/** What the boot service reports, given as functions: the kube layer does not know the boot service. */
export interface BootStats {
  size: () => number;
  evictions: () => number;
  /** Responses answered so far by status class ('2xx' … '5xx'). */
  responses: () => ReadonlyMap<string, number>;
}

/** How often the event loop is sampled for its delay (ms): coarse enough to cost nothing measurable. */
const EVENT_LOOP_RESOLUTION_MS = 10;

/** Prometheus metrics of the controller runtime; one registry per server process, served at /api/metrics. */
export class ControllerMetrics {
  readonly registry = new Registry();
  readonly reconciles: Counter<'controller' | 'result'>;
  readonly reconcileDuration: Histogram<'controller'>;
  readonly planDuration: Histogram<'controller'>;
  readonly planCpu: Histogram<'controller'>;
  readonly writes: Counter<'controller' | 'verb'>;
  readonly calls: Histogram<'procedure' | 'type' | 'result'>;
  private readonly kubeRequests: Histogram<'method' | 'resource' | 'code'>;
  private readonly queueDepths = new Map<string, () => number>();
  private readonly informers: Informer<KubernetesObject>[] = [];
  private boot: BootStats | undefined;
  private auditDrops: () => ReadonlyMap<string, number> = () => new Map();
  private readonly caches = new Map<string, { size: () => number; evictions: () => number }>();

  constructor() {
    const registers = [this.registry];
    this.reconciles = new Counter({
      name: 'rackpilot_reconcile_total',
      help: 'Reconciles by controller and result (success, requeue, error, conflict, cancelled).',
      labelNames: ['controller', 'result'],
      registers,
    });
    this.reconcileDuration = new Histogram({
      name: 'rackpilot_reconcile_duration_seconds',
      help: 'Wall time of one reconcile, API round trips included.',
      labelNames: ['controller'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    const planBuckets = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1];
    this.planDuration = new Histogram({
      name: 'rackpilot_plan_duration_seconds',
      help: 'Wall time of planning one reconcile (the pure planner on cached objects), API round trips excluded.',
      labelNames: ['controller'],
      buckets: planBuckets,
      registers,
    });
    this.planCpu = new Histogram({
      name: 'rackpilot_plan_cpu_seconds',
      help: 'Process CPU (user and system, every thread) while one plan ran: below the wall time when other processes hold the cores.',
      labelNames: ['controller'],
      buckets: planBuckets,
      registers,
    });
    this.writes = new Counter({
      name: 'rackpilot_api_writes_total',
      help: 'Writes to the API server by controller and verb.',
      labelNames: ['controller', 'verb'],
      registers,
    });
    this.calls = new Histogram({
      name: 'rackpilot_trpc_call_duration_seconds',
      help: "Time the server spent on one console query or mutation, from its first middleware to its answer; a caller's wait beyond it is the network, the session lookup and the event loop.",
      labelNames: ['procedure', 'type', 'result'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.kubeRequests = new Histogram({
      name: 'rackpilot_kube_request_duration_seconds',
      help: "Time from sending a request to the Kubernetes API server to its answer, as this process saw it (its own event loop's delay included), by HTTP method, resource (plural[/subresource]) and status code (0: no answer); watches are not counted.",
      labelNames: ['method', 'resource', 'code'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    const depths = this.queueDepths;
    new Gauge({
      name: 'rackpilot_workqueue_depth',
      help: 'Keys waiting in each controller work queue.',
      labelNames: ['controller'],
      registers,
      collect() {
        for (const [controller, depth] of depths) this.set({ controller }, depth());
      },
    });
    const informers = this.informers;
    new Gauge({
      name: 'rackpilot_informer_objects',
      help: 'Objects in each informer cache.',
      labelNames: ['resource'],
      registers,
      collect() {
        for (const informer of informers) this.set({ resource: informer.resource.plural }, informer.size);
      },
    });
    new Counter({
      name: 'rackpilot_watch_restarts_total',
      help: 'Watches restarted after an error, per resource.',
      labelNames: ['resource'],
      registers,
      collect() {
        this.reset();
        for (const informer of informers) this.inc({ resource: informer.resource.plural }, informer.restarts);
      },
    });
    const caches = this.caches;
    new Gauge({
      name: 'rackpilot_cache_entries',
      help: 'Entries in each bounded in-process cache.',
      labelNames: ['cache'],
      registers,
      collect() {
        for (const [cache, stats] of caches) this.set({ cache }, stats.size());
      },
    });
    new Counter({
      name: 'rackpilot_cache_evictions_total',
      help: 'Entries each bounded in-process cache dropped for its size limit.',
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset();
        for (const [cache, stats] of caches) this.inc({ cache }, stats.evictions());
      },
    });
    const boot = () => this.boot;
    new Gauge({
      name: 'rackpilot_boot_known_macs',
      help: 'MACs the boot service holds in memory (sightings and claimed hardware).',
      registers,
      collect() {
        this.set(boot()?.size() ?? 0);
      },
    });
    new Counter({
      name: 'rackpilot_boot_sightings_evicted_total',
      help: 'Unleased sightings dropped for the size or age limit (RACKPILOT_BOOT_MAX_SIGHTINGS, RACKPILOT_BOOT_SIGHTING_HOURS).',
      registers,
      collect() {
        this.reset();
        this.inc(boot()?.evictions() ?? 0);
      },
    });
    new Counter({
      name: 'rackpilot_boot_responses_total',
      help: 'Boot-service responses by status class (2xx, 3xx, 4xx, 5xx): 5xx means hosts cannot boot.',
      labelNames: ['code'],
      registers,
      collect() {
        this.reset();
        for (const [code, count] of boot()?.responses() ?? []) this.inc({ code }, count);
      },
    });
    const auditDrops = () => this.auditDrops();
    new Counter({
      name: 'rackpilot_audit_rows_dropped_total',
      help: 'Audit rows of refused calls not written for the refused-call limits, by caller (anonymous: per address; signed-in: per principal).',
      labelNames: ['caller'],
      registers,
      collect() {
        this.reset();
        for (const [caller, count] of auditDrops()) this.inc({ caller }, count);
      },
    });
  }

  /**
   * The process's own series (CPU, memory, garbage collection, event-loop delay), once per process:
   * under load, the event-loop delay is what every request and socket of this replica waits on. Its
   * quantiles cover the time since the previous scrape.
   */
  trackProcess(): void {
    collectDefaultMetrics({
      register: this.registry,
      eventLoopMonitoringPrecision: EVENT_LOOP_RESOLUTION_MS,
    });
  }

  /** Times every request this process makes with `kc` (rackpilot_kube_request_duration_seconds). */
  trackKubeRequests(kc: KubeConfig): void {
    observeKubeRequests(kc, ({ method, resource, seconds, status }) => {
      this.kubeRequests.observe({ method, resource, code: String(status) }, seconds);
    });
  }

  trackBootService(boot: BootStats): void {
    this.boot = boot;
  }

  /** Counts of refused-call audit rows dropped, by kind of caller, given as a function like the boot stats. */
  trackAuditDrops(dropped: () => ReadonlyMap<string, number>): void {
    this.auditDrops = dropped;
  }

  trackCache(cache: string, stats: { size: () => number; evictions: () => number }): void {
    this.caches.set(cache, stats);
  }

  trackQueue(controller: string, depth: () => number): void {
    this.queueDepths.set(controller, depth);
  }

  trackInformers(informers: Informer<KubernetesObject>[]): void {
    this.informers.push(...informers);
  }
}
