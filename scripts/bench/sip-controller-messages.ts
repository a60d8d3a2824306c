// What bench-sip.ts and the controller process it starts (sip-controller-process.ts) say over IPC.

export interface ControllerReport {
  /** Reconcile durations in ms, API round trips included. */
  durations: number[];
  /** Planning alone per cluster in ms, on the final caches. */
  planTimes: number[];
  writes: { verb: string; count: number }[];
  reconciles: number;
  conflicts: number;
  /** The process's peak resident set over its whole life (getrusage maxrss). */
  peakRssMiB: number;
  rssMiB: number;
  /** JavaScript heap in use: what the caches and the controller hold, without the runtime's own. */
  heapUsedMiB: number;
}

export type ToController = { progress: true } | { report: true };

export type FromController =
  { started: true } | { progress: { labelled: number; ready: number } } | { report: ControllerReport };
