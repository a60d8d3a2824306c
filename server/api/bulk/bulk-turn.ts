/** One target's turn in a bulk job, whatever the job acts on: its outcome, and its audit row around the change. */
import { TRPCError } from '@trpc/server';
import type { AuditIntent } from '../../access/audit-log';
import type { Runtime } from '../../runtime';
import { apiServerRefusal } from '../acting-runtime';
import type { BulkOutcome } from './bulk-plan';

/** Who asked, as the request's audit row has it; every target's row names the same. */
export type BulkRequester = Omit<AuditIntent, 'action' | 'target' | 'input'>;

export interface TurnOutcome {
  outcome: Exclude<BulkOutcome, 'pending'>;
  reason?: string | undefined;
}

/**
 * Writes the target's audit row, makes the change, and records how it ended; never throws: every end
 * is an outcome with its reason. A change answering anything but done was refused (nothing changed);
 * a throw is the API server's refusal (PRECONDITION_FAILED: the target is not in a state for it,
 * skipped) or a failure, in its own words.
 */
export async function auditedTurn(
  runtime: Runtime,
  requester: BulkRequester,
  intent: Pick<AuditIntent, 'action' | 'target' | 'input'>,
  change: () => Promise<TurnOutcome>,
): Promise<TurnOutcome> {
  const audit = runtime.access.audit;
  let auditId: bigint;
  try {
    auditId = await audit.begin({ ...requester, ...intent });
  } catch {
    // AuditLog.begin fails only as AuditUnavailableError; it has logged why.
    return { outcome: 'failed', reason: 'nothing was changed: the audit log could not be written' };
  }
  try {
    const outcome = await change();
    await audit.finish(
      auditId,
      outcome.outcome === 'done' ? { result: 'ok' } : { result: 'refused', error: outcome.reason },
    );
    return outcome;
  } catch (error) {
    // The cluster's RBAC refused the user the job acts as: refused, in the API server's words.
    const denied = apiServerRefusal(error);
    if (denied) {
      await audit.finish(auditId, { result: 'refused', error: denied.message });
      return { outcome: 'failed', reason: denied.message };
    }
    const reason = error instanceof Error ? error.message : String(error);
    const refused = error instanceof TRPCError && error.code === 'PRECONDITION_FAILED';
    await audit.finish(auditId, { result: refused ? 'refused' : 'error', error: reason });
    return { outcome: refused ? 'skipped' : 'failed', reason };
  }
}
