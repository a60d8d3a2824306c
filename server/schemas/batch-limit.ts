/**
 * Calls in one tRPC batch over HTTP. The console's batch link splits larger batches itself; the server
 * refuses a larger one with 400 before any call of it runs, so one request cannot fan out into hundreds
 * of procedure runs.
 */
export const MAX_BATCH_CALLS = 32;
