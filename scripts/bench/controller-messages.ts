// What a benchmark and the controller process it starts (controller-process.ts) say over IPC.

/** The controllers a benchmark can run in a process of its own. */
export type BenchedController = 'sip' | 'vrouter' | 'manager' | 'ironic' | 'placement';

export interface ControllerReport {
  /** Reconcile durations in ms, API round trips included. */
  durations: number[];
  /** The pure planner's time per reconcile in ms, as the reconciles ran (rackpilot_plan_duration_seconds). */
  planTimes: number[];
  /** The process's CPU time per plan in ms (rackpilot_plan_cpu_seconds): planTimes without waiting for a core. */
  planCpuTimes: number[];
  /** planTimes and planCpuTimes by the controller that planned (its declaration's name). */
  planTimesByController: Record<string, number[]>;
  planCpuTimesByController: Record<string, number[]>;
  writes: { verb: string; count: number }[];
  reconciles: number;
  conflicts: number;
  /** The process's peak resident set over its whole life (getrusage maxrss). */
  peakRssMiB: number;
  rssMiB: number;
  /** JavaScript heap in use: what the caches and the controller hold, without the runtime's own. */
  heapUsedMiB: number;
}

export interface ControllerProgress {
  /** Objects of the controller's kind with Ready=True. */
  ready: number;
  /**
   * What it has placed so far, sent only when asked for: SIP, hosts labelled for a cluster; vRouter
   * groups and a Contrail Manager, agents scheduled; Ironic, instances with their credentials linked; PlacementAPI,
   * instances whose db-sync has run.
   */
  placed?: number;
}

export type ToController = { progress: true; placed: boolean } | { report: true };

export type FromController =
  { started: true } | { progress: ControllerProgress } | { report: ControllerReport };
