import { HOST_ACTION_LABELS } from '@/server/schemas/host-actions';
import {
  bulkKindOf,
  BULK_NOUNS,
  type BulkAction,
  type BulkKind,
  type JobAction,
} from '@/server/schemas/bulk-actions';

export const BULK_ACTION_LABELS: Record<BulkAction, string> = {
  ...HOST_ACTION_LABELS,
  labels: 'Change labels',
  delete: 'Delete',
};

export const JOB_ACTION_LABELS: Record<JobAction, string> = {
  ...BULK_ACTION_LABELS,
  provision: 'Provision',
  'firmware-settings': 'Apply firmware settings',
};

/** A job's action as a stored job has it (a string), in words. */
export function jobActionLabel(action: string): string {
  return (JOB_ACTION_LABELS as Record<string, string | undefined>)[action] ?? action;
}

/** "host" or "hosts", "unleased machine" or "unleased machines": a job's targets, for `count` of them. */
export function nounOf(kind: BulkKind, count: number): string {
  return count === 1 ? BULK_NOUNS[kind].replace(/s$/, '') : BULK_NOUNS[kind];
}

/** "1 host", "40 unleased machines": what a job's targets are, counted. */
export function countOf(action: string, count: number): string {
  return `${count} ${nounOf(bulkKindOf(action), count)}`;
}

export const OUTCOME_LABELS = {
  pending: 'waiting',
  done: 'done',
  skipped: 'skipped',
  failed: 'failed',
  cancelled: 'cancelled',
  'not-run': 'not run',
} as const;

export const OUTCOME_TONES: Record<keyof typeof OUTCOME_LABELS, string> = {
  pending: 'text-slate-400',
  done: 'text-emerald-300',
  skipped: 'text-amber-300',
  failed: 'text-red-300',
  cancelled: 'text-slate-300',
  'not-run': 'text-slate-300',
};
