import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<AbortSignal>();

/**
 * Runs `work` so that every API request it makes, however deep, is cancelled when `signal` aborts:
 * a controller that loses its lease must not finish writes it started as leader.
 */
export function withAbortSignal<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  return scope.run(signal, work);
}

/** The signal of the reconcile this code runs in, if any. */
export function currentAbortSignal(): AbortSignal | undefined {
  return scope.getStore();
}
