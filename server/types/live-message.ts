/**
 * One message of a live view: the whole (small, projected) view when it changed, or `same` when the
 * server re-checked and nothing the viewer sees changed. `same` keeps "updated N s ago" honest on a
 * quiet cluster without re-sending the rows.
 */
export type LiveMessage<T> = { view: T; same?: undefined } | { same: true; view?: undefined };
