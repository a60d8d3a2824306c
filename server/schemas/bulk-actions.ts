import { HOST_ACTIONS } from './host-actions';

/** What a bulk job can do to every host a filter matches: each host action, labels, delete. */
export const BULK_ACTIONS = [...HOST_ACTIONS, 'labels', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The pace an operator may choose for a job: [least, most] hosts at once, and started a second. */
export const BULK_LIMITS = {
  concurrency: [1, 50],
  ratePerSecond: [0.1, 100],
} as const;
