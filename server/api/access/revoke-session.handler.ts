import type { HandlerOptions } from '../trpc';
import type { RevokeSessionInput } from './revoke-session.schema';

export function revokeSessionHandler({ ctx, input }: HandlerOptions<RevokeSessionInput>) {
  return ctx.runtime.access.sessions.revoke(input.id);
}
