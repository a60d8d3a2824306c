import type { Runtime } from '../../runtime';
import { secretPicker } from '../namespace-secrets';
import type { HandlerOptions } from '../trpc';
import type { SecretOptionsInput } from './secret-options.schema';

/** What the form may know of a namespace's Secrets: names, and whether the chosen one has the selector key. */
export interface PlacementSecretOptions {
  names: string[];
  chosen?: { name: string; type: string; hasSelectorKey: boolean };
}

async function secretOptions(
  runtime: Runtime,
  namespace: string,
  selector: string,
  secret: string | undefined,
): Promise<PlacementSecretOptions> {
  const { names, chosen } = await secretPicker(runtime, namespace, secret);
  if (!chosen) return { names };
  return {
    names,
    chosen: { name: chosen.name, type: chosen.type, hasSelectorKey: chosen.keys.includes(selector) },
  };
}

/** Secret names of a namespace (never their values) and whether the chosen one holds the selector key. */
export function secretOptionsHandler({ ctx, input }: HandlerOptions<SecretOptionsInput>) {
  return secretOptions(ctx.runtime, input.namespace, input.selector, input.secret);
}
