import type { HostRegisterForm } from '../../schemas/host-register-form';
import type { HandlerOptions } from '../trpc';
import { hostInformer } from './host-cache';
import { registerHost } from './register-host';

/** The "Add host" form: the BMC credentials Secret and the BareMetalHost, together. */
export function registerHandler({ ctx, input }: HandlerOptions<HostRegisterForm>) {
  return registerHost(ctx.runtime.kc, hostInformer(ctx.runtime).list(), input, false);
}
