import type { HostRegisterForm } from '../../schemas/host-register-form';
import type { HandlerOptions } from '../trpc';
import { hostInformer } from './host-cache';
import { registerHost } from './register-host';

/** The same, as a server-side dry run: nothing is stored. */
export function registerDryRunHandler({ ctx, input }: HandlerOptions<HostRegisterForm>) {
  return registerHost(ctx.runtime.kc, hostInformer(ctx.runtime).list(), input, true);
}
