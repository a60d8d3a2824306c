import type { OperationView } from '@/server/api/hosts/host-detail';
import type { EventView } from '@/server/api/object-events';

/** One line of a host's Operation history: a step of the host's operator, or an operator's request. */
export interface HistoryRow {
  key: string;
  operation: string;
  start?: string;
  end?: string;
  /** Who did it: the user who asked from the console, or the host's operator for its own steps. */
  by: string;
  /** A request is done when written; a step of the host's operator has its own end. */
  request: boolean;
}

/** "PowerOffRequested" → "Power off requested". */
function reasonWords(reason: string): string {
  const words = reason.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The host operator's steps (status.operationHistory) and the requests made from the console (events
 * naming who asked), newest first. Pure.
 */
export function historyRows(
  operations: readonly OperationView[],
  events: readonly EventView[],
): HistoryRow[] {
  const steps = operations.map((operation): HistoryRow => ({
    key: `step/${operation.operation}`,
    operation: reasonWords(operation.operation),
    start: operation.start,
    end: operation.end,
    by: 'host operator',
    request: false,
  }));
  const requests = events.flatMap((event): HistoryRow[] =>
    event.actor
      ? [
          {
            key: `event/${event.uid}`,
            operation: reasonWords(event.reason),
            start: event.lastTime,
            by: event.actor,
            request: true,
          },
        ]
      : [],
  );
  return [...steps, ...requests].sort(
    (a, b) => (b.start ?? '').localeCompare(a.start ?? '') || a.key.localeCompare(b.key),
  );
}
