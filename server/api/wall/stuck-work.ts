/**
 * How long each step of a host or a machine is expected to take, and whether one has taken too long:
 * past its bound the object is raised under "Needs attention" with how long it has been at it. Pure; the
 * bounds are fixed here (docs/decisions.md, "Stuck work").
 */
import type { HardwareState } from '../../schemas/hardware-list';
import type { HostStateGroup } from '../../schemas/host-list';

const MINUTE = 60_000;

/**
 * Generous for a real machine: a BMC's first contact, a ramdisk boot and hardware inventory, an image
 * written over a slow network, a disk cleaned. Cleaning a large array can take longer; an hour covers
 * the usual metadata-only clean.
 */
export const HOST_STEP_BOUNDS: Partial<Record<HostStateGroup, number>> = {
  registering: 10 * MINUTE,
  inspecting: 20 * MINUTE,
  preparing: 30 * MINUTE,
  provisioning: 30 * MINUTE,
  deprovisioning: 60 * MINUTE,
  deleting: 30 * MINUTE,
};

/**
 * A Plunder machine's steps, from the boot service: a claimed machine waits for its next boot, an
 * install takes minutes, a released one waits for a boot into the wiper (wiping) and then one into
 * the loop (wiped).
 */
export const HARDWARE_STEP_BOUNDS: Partial<Record<HardwareState, number>> = {
  claimed: 30 * MINUTE,
  provisioning: 30 * MINUTE,
  wiping: 20 * MINUTE,
  wiped: 20 * MINUTE,
};

/** A tenant cluster or service still deploying towards Ready. */
export const NOT_READY_BOUND = 30 * MINUTE;

export interface Stuck {
  /** How long the object has been in the step. */
  elapsedMs: number;
  expectedMs: number;
}

/** The step took longer than `expectedMs` since `since` (ISO or epoch ms); undefined when not, or unknown. */
export function stuckFor(
  expectedMs: number | undefined,
  since: string | number | undefined,
  now: number,
): Stuck | undefined {
  if (expectedMs === undefined || since === undefined) return undefined;
  const start = typeof since === 'number' ? since : Date.parse(since);
  if (Number.isNaN(start)) return undefined;
  const elapsedMs = now - start;
  return elapsedMs > expectedMs ? { elapsedMs, expectedMs } : undefined;
}

/** 90 s → "1 min", 2 h 5 min → "2 h 5 min", 3 days → "3 d 0 h". */
export function durationText(ms: number): string {
  const minutes = Math.floor(ms / MINUTE);
  if (minutes < 60) return `${Math.max(minutes, 1)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** "Inspecting for 40 min (expected within 20 min)", then what it waits for, when that is known. */
export function stuckText(step: string, stuck: Stuck, waitingFor?: string): string {
  const text = `${step} for ${durationText(stuck.elapsedMs)} (expected within ${durationText(stuck.expectedMs)})`;
  return waitingFor ? `${text}: ${waitingFor}` : text;
}
