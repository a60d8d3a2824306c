import type { HandlerOptions } from '../trpc';

export function meHandler({ ctx }: HandlerOptions) {
  const principal = ctx.principal;
  if (principal?.kind === 'user')
    return { kind: 'user' as const, username: principal.username, role: principal.role };
  return { kind: 'screen' as const, name: principal?.kind === 'screen' ? principal.name : '' };
}
