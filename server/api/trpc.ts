import { initTRPC, TRPCError } from '@trpc/server';
import { getRuntime, type Runtime } from '../runtime';

export interface Context {
  runtime: Runtime;
}

export function createContext(): Context {
  const runtime = getRuntime();
  if (!runtime) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'server is starting' });
  return { runtime };
}

const t = initTRPC.context<Context>().create();

export const router = t.router;
export const publicProcedure = t.procedure;
