/**
 * One message of a live view: the whole (small, projected) view when it changed, or `same` when the
 * server re-checked and nothing the viewer sees changed. `same` keeps "updated N s ago" honest on a
 * quiet cluster without re-sending the rows.
 */
export type LiveMessage<T> = { view: T; same?: undefined } | { same: true; view?: undefined };

/**
 * A live view's message that holds only what changed since the message before (`full` on the first,
 * which holds everything): the client merges each into what it has, so none may be skipped — the
 * socket's outbox keeps these in order rather than keeping only the newest.
 */
export interface DeltaMessage<T> {
  view: T;
  delta: true;
  same?: undefined;
}
