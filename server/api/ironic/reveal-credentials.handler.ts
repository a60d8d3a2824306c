import { TRPCError } from '@trpc/server';
import { readCredentials } from '../../controllers/ironic';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { ironics } from './ironic-cache';

export interface RevealedCredentials {
  secretName: string;
  username: string;
  password: string;
}

/**
 * The API credentials in clear text, for admins only; a mutation so that every reveal is audited.
 * Nothing else ever sends Secret values to the browser.
 */
export async function revealCredentialsHandler({
  ctx,
  input,
}: HandlerOptions<ObjectRef>): Promise<RevealedCredentials> {
  const ironic = ironics(ctx.runtime).get(input.name, input.namespace);
  if (!ironic) {
    throw new TRPCError({
      code: 'NOT_FOUND',
      message: `Ironic ${input.namespace}/${input.name} does not exist`,
    });
  }
  const secretName = ironic.spec?.credentialsRef?.name;
  if (!secretName) {
    throw new TRPCError({
      code: 'PRECONDITION_FAILED',
      message: 'The credentials have not been generated yet',
    });
  }
  // A GET of this one Secret: the cache holds Secrets by metadata only.
  const secret = await ctx.runtime.secrets.fetch(input.namespace, secretName);
  if (!secret) throw new TRPCError({ code: 'NOT_FOUND', message: `Secret ${secretName} does not exist` });
  const credentials = readCredentials(secret, 'API credentials');
  if (!credentials.ok) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: credentials.error });
  return { secretName, ...credentials.value };
}
