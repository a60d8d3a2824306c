import { randomBytes } from 'node:crypto';
import type { TRPCError } from '@trpc/server';
import { KubeRequestError } from '../kube/kube-request';
import { apiServerSaid } from './api-rejection';

/** What went wrong, in words fit for a caller: no addresses, request paths or source files. */
function publicCause(cause: unknown): string {
  if (cause instanceof KubeRequestError) {
    if (cause.status === 0) return 'the Kubernetes API server did not answer';
    return `the Kubernetes API server refused this: ${apiServerSaid(cause)}`;
  }
  return 'the server could not complete this request';
}

/**
 * The message a caller gets for an error. Deliberate errors (TRPCError with a code) keep their message.
 * An unexpected one may name the API server's or the database's address, request paths or source
 * files: the caller gets what is safe to say and a reference to quote, the server log the whole message.
 */
export function callerSafeMessage(
  error: TRPCError,
  path: string | undefined,
  log: (line: string) => void,
): string {
  if (error.code !== 'INTERNAL_SERVER_ERROR') return error.message;
  const reference = randomBytes(4).toString('hex');
  log(`${path ?? 'request'} failed (reference ${reference}): ${error.message}`);
  return `${publicCause(error.cause)} (reference ${reference}; the server log has the details)`;
}
