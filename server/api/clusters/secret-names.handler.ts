import { secretNames } from '../object-names';
import type { HandlerOptions } from '../trpc';
import type { SecretNamesInput } from './secret-names.schema';

/** Secret names in a namespace, for the jump host's private keys; never their data. */
export function secretNamesHandler({ ctx, input }: HandlerOptions<SecretNamesInput>) {
  return secretNames(ctx.runtime.kc, ctx.runtime.informers, input.namespace);
}
