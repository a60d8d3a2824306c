import type { HandlerOptions } from '../trpc';

/** Live sessions; `current` marks the caller's own. */
export async function sessionsHandler({ ctx }: HandlerOptions) {
  const own = ctx.principal?.kind === 'user' ? ctx.principal.sessionId : undefined;
  return (await ctx.runtime.access.sessions.listLive()).map((session) => ({
    ...session,
    current: session.id === own,
  }));
}
