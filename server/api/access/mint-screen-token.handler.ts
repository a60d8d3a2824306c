import type { HandlerOptions } from '../trpc';
import type { MintScreenTokenInput } from './mint-screen-token.schema';

export async function mintScreenTokenHandler({ ctx, input }: HandlerOptions<MintScreenTokenInput>) {
  const creator = ctx.principal?.kind === 'user' ? ctx.principal.username : 'unknown';
  return ctx.runtime.access.screens.mint(input.name, creator);
}
