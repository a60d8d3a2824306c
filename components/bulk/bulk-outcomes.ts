import { HOST_ACTION_LABELS } from '@/server/schemas/host-actions';
import type { BulkAction } from '@/server/schemas/bulk-actions';

export const BULK_ACTION_LABELS: Record<BulkAction, string> = {
  ...HOST_ACTION_LABELS,
  labels: 'Change labels',
  delete: 'Delete',
};

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
