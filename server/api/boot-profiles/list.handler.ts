import type { BootProfileView } from '../../schemas/boot-profile';
import type { HandlerOptions } from '../trpc';

/** Every profile with its files (size, SHA-256) and whether it is usable, or what is wrong. */
export function listHandler({ ctx }: HandlerOptions): BootProfileView[] {
  return ctx.runtime.boot.profiles.list();
}
