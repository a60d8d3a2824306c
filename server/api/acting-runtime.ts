import { TRPCError } from '@trpc/server';
import type { Principal } from '../access/access-rules';
import { kubeIdentityOf } from './kube-identity';
import { kubeActingAs } from '../kube/kube-acting-as';
import { ImpersonationError } from '../kube/impersonation';
import { apiServerForbade, apiServerSaid } from './api-rejection';
import type { Runtime } from '../runtime';

/** Each acting runtime's server runtime: what per-process state (the bulk job runner) is found by. */
const servers = new WeakMap<Runtime, Runtime>();

/**
 * The runtime a mutation of `principal` works through: with impersonation on, the same runtime whose `kc`
 * asks the API server to act as the user, so every write the mutation makes (and every read it makes on
 * the way) is decided by the cluster's RBAC and audited under the user's name. Everything else (the
 * informers, the Secret cache, the console's event writer) keeps the server's own identity.
 */
export function actingRuntime(runtime: Runtime, principal: Principal | null): Runtime {
  if (!runtime.impersonate || principal?.kind !== 'user') return runtime;
  let kc;
  try {
    kc = kubeActingAs(runtime.kc, kubeIdentityOf(principal));
  } catch (error) {
    if (!(error instanceof ImpersonationError)) throw error;
    throw new TRPCError({ code: 'FORBIDDEN', message: `nothing was changed: ${error.message}` });
  }
  const acting = { ...runtime, kc };
  servers.set(acting, serverRuntimeOf(runtime));
  return acting;
}

/** The process's runtime behind an acting one (itself when it is not one). */
export function serverRuntimeOf(runtime: Runtime): Runtime {
  return servers.get(runtime) ?? runtime;
}

/**
 * The API server's 403 as the caller gets it: FORBIDDEN in its own words (it names the user and what they
 * may not do), as a handler that knows 403 already throws it, else made here.
 */
export function apiServerRefusal(error: unknown): TRPCError | undefined {
  const forbade = apiServerForbade(error);
  if (!forbade) return undefined;
  if (error instanceof TRPCError && error.code === 'FORBIDDEN') return error;
  return new TRPCError({
    code: 'FORBIDDEN',
    message: `the Kubernetes API server refused this: ${apiServerSaid(forbade)}`,
    cause: forbade,
  });
}
