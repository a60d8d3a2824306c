import { TRPCError } from '@trpc/server';
import { AccountError, AccountThrottledError } from '../../access/accounts';

/** Account rules broken by the caller become a 400 with the rule, not a 500. */
export async function asBadRequest<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AccountThrottledError) {
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: error.message });
    }
    if (error instanceof AccountError) throw new TRPCError({ code: 'BAD_REQUEST', message: error.message });
    throw error;
  }
}
